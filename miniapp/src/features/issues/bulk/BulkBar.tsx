// Bulk edit of the selected rows: each control applies one patch to all of them at once
// (`POST /api/issues/bulk`, all-or-nothing — the server's refusal is shown as is).
import type { IssueListItem, Priority } from '@tracker/shared/api/issues';
import { PRIORITIES } from '@tracker/shared/api/issues';
import type { Stream } from '@tracker/shared/api/streams';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { toast } from '../../../lib/toasts.ts';
import { bulkUpdate, listStreams, type BulkPatch } from '../api.ts';
import { errorText } from '../list/errors.ts';
import type { ProjectMap } from '../list/use-projects.ts';
import './bulk.css';

interface Props {
  issues: IssueListItem[];
  projects: ProjectMap;
  onDone: () => void;
  onClear: () => void;
}

export default function BulkBar({ issues, projects, onDone, onClear }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [streams, setStreams] = useState<Stream[]>([]);
  useEffect(() => {
    listStreams().then(setStreams, () => undefined);
  }, []);

  const projectIds = [...new Set(issues.map((i) => i.projectId))];
  const projectKey = projectIds.join(',');
  const single = projectIds.length === 1 ? projects.get(projectIds[0]!) : undefined;
  const members = useMemo(() => {
    const byId = new Map<number, string>();
    for (const id of projectKey.split(',').map(Number)) for (const m of projects.get(id)?.members ?? []) byId.set(m.user.id, m.user.name);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [projectKey, projects]);

  async function apply(patch: BulkPatch) {
    setBusy(true);
    setError(null);
    try {
      const r = await bulkUpdate(
        issues.map((i) => i.id),
        patch,
      );
      toast({ title: t('issues.bulk.done', { count: r.updated.length }), color: 'success' });
      onDone();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="bulk-bar" role="region" aria-label={t('issues.bulk.label')} data-testid="bulk-bar">
      <div className="bulk-bar__head">
        <strong>{t('issues.list.selectedCount', { count: issues.length })}</strong>
        <button type="button" className="bulk-bar__clear" onClick={onClear} data-testid="bulk-clear" aria-label={t('issues.bulk.clear')} title={`${t('issues.bulk.clear')} (Esc)`}>
          ×
        </button>
      </div>
      <div className="bulk-bar__controls">
        <BulkSelect
          label={t('issues.bulk.status')}
          testId="bulk-status"
          disabled={busy || !single}
          title={single ? undefined : t('issues.bulk.statusOneProject')}
          options={single?.statuses.map((s) => [s.id, s.name]) ?? []}
          onPick={(v) => apply({ statusId: Number(v) })}
        />
        <BulkSelect
          label={t('issues.bulk.assignee')}
          testId="bulk-assignee"
          disabled={busy}
          options={[['none', t('issues.list.unassigned')], ...members]}
          onPick={(v) => apply({ assigneeId: v === 'none' ? null : Number(v) })}
        />
        <BulkSelect
          label={t('issues.bulk.priority')}
          testId="bulk-priority"
          disabled={busy}
          options={PRIORITIES.map((p) => [p, t(`issues.filters.priorities.${p}`)])}
          onPick={(v) => apply({ priority: v as Priority })}
        />
        {single && single.labels.length > 0 && (
          <>
            <BulkSelect label={t('issues.bulk.addLabel')} testId="bulk-add-label" disabled={busy} options={single.labels.map((l) => [l.id, l.name])} onPick={(v) => apply({ addLabelIds: [Number(v)] })} />
            <BulkSelect label={t('issues.bulk.removeLabel')} testId="bulk-remove-label" disabled={busy} options={single.labels.map((l) => [l.id, l.name])} onPick={(v) => apply({ removeLabelIds: [Number(v)] })} />
          </>
        )}
        {streams.length > 0 && (
          <>
            <BulkSelect label={t('issues.bulk.addStream')} testId="bulk-add-stream" disabled={busy} options={streams.map((s) => [s.id, s.name])} onPick={(v) => apply({ addStreamIds: [Number(v)] })} />
            <BulkSelect label={t('issues.bulk.removeStream')} testId="bulk-remove-stream" disabled={busy} options={streams.map((s) => [s.id, s.name])} onPick={(v) => apply({ removeStreamIds: [Number(v)] })} />
          </>
        )}
      </div>
      <FormAlert message={error} />
    </div>
  );
}

/** One bulk action: choosing an option applies it at once, then the select goes back to its placeholder. */
function BulkSelect({ label, testId, disabled, title, options, onPick }: { label: string; testId: string; disabled: boolean; title?: string; options: (readonly [string | number, string])[]; onPick: (value: string) => Promise<void> }) {
  const onChange = (e: ChangeEvent<HTMLSelectElement>) => {
    const value = e.target.value;
    e.target.value = '';
    if (value) void onPick(value);
  };
  return (
    <label className="bulk-bar__control">
      <span className="visually-hidden">{label}</span>
      <select disabled={disabled} onChange={onChange} data-testid={testId} defaultValue="" title={title}>
        <option value="">{label}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
