// The issue's properties, each editable in place when `issue.can` allows: changes apply at once
// (optimistic) and roll back with the server's message when refused.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { CustomFieldInput } from '../custom-fields/CustomFieldInput.tsx';
import { CustomFieldValue } from '../custom-fields/CustomFieldValue.tsx';
import { IssuePicker, MultiSelect, PeoplePicker } from '../form/pickers.tsx';
import { formatDate } from './activity-format.ts';
import type { IssueController, IssueData } from './use-issue.ts';
import { PrioritySelect } from '../PrioritySelect.tsx';
import { ColorDot } from '../../../components/ColorDot.tsx';

export function Properties({ data, ctl }: { data: IssueData; ctl: IssueController }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const { issue, project, streams, fields } = data;
  const canEdit = issue.can.includes('issue.edit');
  const statuses = project?.statuses ?? [issue.status];
  const labels = project?.labels ?? issue.labels;
  const [parentEditing, setParentEditing] = useState(false);
  const ids = { status: useId(), priority: useId(), start: useId(), due: useId(), estimate: useId() };

  return (
    <div className="props" data-testid="issue-properties">
      <div className="field">
        <label htmlFor={ids.status}>{t('issues.detail.status')}</label>
        <span className="select-line">
          <ColorDot color={issue.status.color} />
          <select
            id={ids.status}
            data-testid="issue-status"
            data-status-id={issue.statusId}
            disabled={!canEdit}
            value={issue.statusId}
            onChange={(e) => {
              const status = statuses.find((s) => s.id === Number(e.target.value));
              if (status) void ctl.patch({ statusId: status.id }, { statusId: status.id, status });
            }}
          >
            {statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </span>
      </div>

      <div className="field">
        <label htmlFor={ids.priority}>{t('issues.detail.priority')}</label>
        <PrioritySelect id={ids.priority} testid="issue-priority" disabled={!canEdit} value={issue.priority} onChange={(priority) => void ctl.patch({ priority }, { priority })} />
      </div>

      {canEdit ? (
        <PeoplePicker
          label={t('issues.detail.assignee')}
          testid="issue-assignee"
          value={issue.assignee}
          onChange={(user) => void ctl.patch({ assigneeId: user?.id ?? null }, { assignee: user })}
        />
      ) : (
        <ReadOnly label={t('issues.detail.assignee')} value={issue.assignee?.name ?? t('issues.common.nobody')} />
      )}

      <ReadOnly label={t('issues.detail.reporter')} value={issue.reporter?.name ?? t('issues.common.unknown')} />

      <MultiSelect
        label={t('issues.detail.labels')}
        testid="issue-labels"
        disabled={!canEdit}
        options={labels}
        value={issue.labelIds}
        onChange={(labelIds) => void ctl.patch({ labelIds }, { labelIds, labels: labels.filter((l) => labelIds.includes(l.id)) })}
      />

      <MultiSelect
        label={t('issues.detail.streams')}
        testid="issue-streams"
        disabled={!canEdit}
        options={streams.length ? streams : issue.streams}
        value={issue.streamIds}
        onChange={(streamIds) =>
          void ctl.patch({ streamIds }, { streamIds, streams: (streams.length ? streams : issue.streams).filter((s) => streamIds.includes(s.id)).map((s) => ({ id: s.id, name: s.name })) })
        }
      />

      <div className="props__pair">
        <div className="field">
          <label htmlFor={ids.start}>{t('issues.detail.startDate')}</label>
          <input
            id={ids.start}
            type="date"
            data-testid="issue-start"
            disabled={!canEdit}
            value={issue.startDate ?? ''}
            onChange={(e) => void ctl.patch({ startDate: e.target.value || null }, { startDate: e.target.value || null })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.due}>{t('issues.detail.dueDate')}</label>
          <input
            id={ids.due}
            type="date"
            data-testid="issue-due"
            disabled={!canEdit}
            value={issue.dueDate ?? ''}
            onChange={(e) => void ctl.patch({ dueDate: e.target.value || null }, { dueDate: e.target.value || null })}
          />
        </div>
      </div>
      {issue.dueDate && !canEdit && <p className="muted">{formatDate(issue.dueDate, locale)}</p>}

      <EstimateField id={ids.estimate} value={issue.estimate} disabled={!canEdit} onCommit={(estimate) => void ctl.patch({ estimate }, { estimate })} />

      <div className="field">
        <span className="field__label">{t('issues.detail.parent')}</span>
        {issue.parent ? (
          <Link href={href('issue', { id: issue.parent.key })} data-testid="issue-parent-link">
            {issue.parent.key} {issue.parent.title}
          </Link>
        ) : (
          <span className="muted">{t('issues.common.none')}</span>
        )}
        {canEdit &&
          (parentEditing ? (
            <IssuePicker
              label={t('issues.detail.chooseParent')}
              testid="issue-parent"
              allowNone
              excludeId={issue.id}
              onPick={(picked) => {
                setParentEditing(false);
                void ctl.patch({ parentId: picked?.issueId ?? null }, { parentId: picked?.issueId ?? null, parent: picked ? { id: picked.issueId, key: picked.key, title: picked.title } : null });
              }}
            />
          ) : (
            <button type="button" className="link-button" data-testid="issue-parent-change" onClick={() => setParentEditing(true)}>
              {t('issues.detail.changeParent')}
            </button>
          ))}
      </div>

      {fields.map((field) => (
        <InlineCustomField key={field.id} field={field} value={issue.customValues[String(field.id)]} canEdit={canEdit} ctl={ctl} />
      ))}
    </div>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <span>{value}</span>
    </div>
  );
}

function EstimateField({ id, value, disabled, onCommit }: { id: string; value: number | null; disabled: boolean; onCommit: (v: number | null) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value == null ? '' : String(value));
  useEffect(() => setDraft(value == null ? '' : String(value)), [value]);
  const commit = () => {
    const next = draft.trim() === '' ? null : Number(draft);
    if (next !== value && (next === null || Number.isFinite(next))) onCommit(next);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{t('issues.detail.estimate')}</label>
      <input
        id={id}
        type="number"
        min={0}
        step="any"
        data-testid="issue-estimate"
        disabled={disabled}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </div>
  );
}

const IMMEDIATE = new Set(['checkbox', 'select', 'multiselect', 'user', 'date']);

/** Text-like values save on leaving the input; choices save at once. */
function InlineCustomField({ field, value, canEdit, ctl }: { field: CustomField; value: unknown; canEdit: boolean; ctl: IssueController }) {
  const { i18n } = useTranslation();
  const [draft, setDraft] = useState<unknown>(value ?? null);
  useEffect(() => setDraft(value ?? null), [value]);
  const key = String(field.id);
  const commit = (v: unknown) => {
    if (JSON.stringify(v ?? null) === JSON.stringify(value ?? null)) return;
    const sent = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
    void ctl.patch({ customValues: { [key]: sent } }, { customValues: { ...ctl.current()?.issue.customValues, [key]: sent } });
  };
  if (!canEdit) {
    return (
      <div className="field">
        <span className="field__label">{field.name[i18n.language === 'en' ? 'en' : 'ru'] || field.name.ru}</span>
        <CustomFieldValue field={field} value={value} />
      </div>
    );
  }
  return (
    <div
      onBlur={(e) => {
        if (!IMMEDIATE.has(field.type) && !e.currentTarget.contains(e.relatedTarget as Node | null)) commit(draft);
      }}
      onKeyDown={(e) => e.key === 'Enter' && !IMMEDIATE.has(field.type) && commit(draft)}
    >
      <CustomFieldInput
        field={field}
        value={draft}
        onChange={(v) => {
          setDraft(v);
          if (IMMEDIATE.has(field.type)) commit(v);
        }}
      />
    </div>
  );
}
