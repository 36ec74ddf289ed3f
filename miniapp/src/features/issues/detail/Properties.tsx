// The issue's properties, each editable in place when `issue.can` allows: changes apply at once
// (optimistic) and roll back with the server's message when refused.
import type { IssueDetail, Priority } from '@tracker/shared/api/issues';
import { lazy, memo, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { PriorityField } from '../fields/choice.tsx';
import { DateField, EstimateField } from '../fields/inputs.tsx';
import { IssueChoice } from '../fields/choices.tsx';
import { LabelsField, StreamsField } from '../fields/picked.tsx';
import { CycleField, MilestoneField } from '../fields/plan.tsx';
import { usePlanOptions } from '../../../store/index.ts';
import { formatDate } from './activity-format.ts';
import { InlineCustomField } from './InlineCustomField.tsx';
import { SlaDeadlines } from './SlaDeadlines.tsx';
import { AssigneeProp, ReadOnly, StatusProp } from './StatusAssignee.tsx';
import { useDraft } from './use-draft.ts';
import type { IssueController, IssueData } from './use-issue.ts';

// Repeat rules need rrule (16 KB): loaded after the rest of the issue has painted, in a place kept for it.
const RecurrenceField = lazy(() => import('../recurrence/RecurrenceField.tsx').then((m) => ({ default: m.RecurrenceField })));

function RepeatPlace() {
  const { t } = useTranslation();
  return (
    <div className="field repeat-field" aria-hidden="true">
      <span className="field__label">{t('recurrence.ui.label')}</span>
    </div>
  );
}

/** `phone`: in the phone's sheet, without the status and the assignee (they sit under the title). */
export function Properties({ data, ctl, phone = false }: { data: IssueData; ctl: IssueController; phone?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { issue, project, fields } = data;
  const canEdit = issue.can.includes('issue.edit');
  const labels = project?.labels ?? issue.labels;
  const streams = data.streams.length ? data.streams : issue.streams;
  const plan = usePlanOptions(issue.projectId);
  // One handler per field for the page's life, so the memoised fields skip an edit of another one.
  const on = useMemo(
    () => ({
      priority: (priority: Priority) => void ctl.patch({ priority }, { priority }),
      labels: (labelIds: number[]) => void ctl.patch({ labelIds }, { labelIds, labels: labels.filter((l) => labelIds.includes(l.id)) }),
      streams: (streamIds: number[]) => void ctl.patch({ streamIds }, { streamIds, streams: streams.filter((s) => streamIds.includes(s.id)).map((s) => ({ id: s.id, name: s.name })) }),
      startDate: (v: string) => void ctl.patch({ startDate: v || null }, { startDate: v || null }),
      dueDate: (v: string) => void ctl.patch({ dueDate: v || null }, { dueDate: v || null }),
      estimate: (estimate: number | null) => void ctl.patch({ estimate }, { estimate }),
      cycle: (cycleId: number | null) => void ctl.patch({ cycleId }, { cycleId }),
      milestone: (milestoneId: number | null) => void ctl.patch({ milestoneId }, { milestoneId }),
    }),
    [ctl, labels, streams],
  );

  return (
    <div className="props" data-testid="issue-properties">
      {!phone && <StatusProp data={data} ctl={ctl} />}

      <PriorityField value={issue.priority} disabled={!canEdit} testid="issue-priority" onChange={on.priority} />

      {!phone && <AssigneeProp data={data} ctl={ctl} />}

      <ReadOnly label={t('issues.detail.reporter')} value={issue.reporter?.name ?? t('issues.common.unknown')} />

      <LabelsField options={labels} value={issue.labelIds} disabled={!canEdit} testid="issue-labels" onChange={on.labels} />

      <StreamsField options={streams} value={issue.streamIds} disabled={!canEdit} testid="issue-streams" onChange={on.streams} />

      <div className="props__pair">
        <DateField which="startDate" value={issue.startDate ?? ''} disabled={!canEdit} testid="issue-start" onChange={on.startDate} />
        <DateField which="dueDate" value={issue.dueDate ?? ''} disabled={!canEdit} testid="issue-due" onChange={on.dueDate} />
      </div>
      {issue.dueDate && !canEdit && <p className="muted">{formatDate(issue.dueDate, locale)}</p>}

      <CycleField options={plan.cycles} value={issue.cycleId} disabled={!canEdit} testid="issue-cycle" onChange={on.cycle} />
      <MilestoneField options={plan.milestones} value={issue.milestoneId} disabled={!canEdit} testid="issue-milestone" onChange={on.milestone} />
      {issue.sla && <SlaDeadlines sla={issue.sla} completedAt={issue.completedAt} />}

      <Suspense fallback={<RepeatPlace />}>
        <RecurrenceField issue={issue} ctl={ctl} canEdit={canEdit} locale={locale} />
      </Suspense>

      <EstimateInPlace value={issue.estimate} disabled={!canEdit} onCommit={on.estimate} />

      <ParentInPlace issueId={issue.id} parent={issue.parent} ctl={ctl} canEdit={canEdit} />

      {fields.map((field) => (
        <InlineCustomField key={field.id} field={field} value={issue.customValues[String(field.id)]} canEdit={canEdit} ctl={ctl} />
      ))}
    </div>
  );
}

/** Typed freely, saved on leaving the input or Enter (a number half typed is not a value yet). */
const EstimateInPlace = memo(function EstimateInPlace({ value, disabled, onCommit }: { value: number | null; disabled: boolean; onCommit: (v: number | null) => void }) {
  const [draft, setDraft] = useDraft(value == null ? '' : String(value));
  const commit = () => {
    const next = draft.trim() === '' ? null : Number(draft);
    if (next !== value && (next === null || Number.isFinite(next))) onCommit(next);
  };
  return <EstimateField value={draft} onChange={setDraft} onCommit={commit} disabled={disabled} testid="issue-estimate" />;
});

/** The parent is a link; "Change parent" opens the issue search. */
const ParentInPlace = memo(function ParentInPlace({ issueId, parent, ctl, canEdit }: { issueId: number; parent: IssueDetail['parent']; ctl: IssueController; canEdit: boolean }) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <div className="field">
      <span className="field__label">{t('issues.detail.parent')}</span>
      {parent ? (
        <Link href={href('issue', { id: parent.key })} data-testid="issue-parent-link">
          {parent.key} {parent.title}
        </Link>
      ) : (
        <span className="muted">{t('issues.common.none')}</span>
      )}
      {canEdit && (
        <IssueChoice
          label={t('issues.detail.chooseParent')}
          testid="issue-parent"
          variant="link"
          display={t('issues.detail.changeParent')}
          allowNone
          currentKey={parent?.key ?? null}
          excludeId={issueId}
          onPick={(picked) => void ctl.patch({ parentId: picked?.issueId ?? null }, { parentId: picked?.issueId ?? null, parent: picked ? { id: picked.issueId, key: picked.key, title: picked.title } : null })}
        />
      )}
    </div>
  );
});

export function Watchers({ watchers }: { watchers: readonly { name: string }[] }) {
  const { t } = useTranslation();
  return (
    <div className="field" data-testid="issue-watchers">
      <span className="field__label">{t('issues.detail.watchers', { count: watchers.length })}</span>
      <span>{watchers.map((w) => w.name).join(', ') || t('issues.common.none')}</span>
    </div>
  );
}
