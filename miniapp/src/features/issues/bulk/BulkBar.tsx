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

  const pick = (make: (value: string) => BulkPatch) => (e: ChangeEvent<HTMLSelectElement>) => {
    const value = e.target.value;
    e.target.value = '';
    if (value) void apply(make(value));
  };

  return (
    <div className="bulk-bar" role="region" aria-label={t('issues.bulk.label')} data-testid="bulk-bar">
      <div className="bulk-bar__head">
        <strong>{t('issues.list.selectedCount', { count: issues.length })}</strong>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClear} data-testid="bulk-clear">
          {t('issues.bulk.clear')}
        </button>
      </div>
      <div className="bulk-bar__controls">
        <label className="bulk-bar__control">
          <span>{t('issues.bulk.status')}</span>
          <select disabled={busy || !single} onChange={pick((v) => ({ statusId: Number(v) }))} data-testid="bulk-status" defaultValue="" title={single ? undefined : t('issues.bulk.statusOneProject')}>
            <option value="">{single ? t('issues.bulk.choose') : t('issues.bulk.statusOneProject')}</option>
            {single?.statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="bulk-bar__control">
          <span>{t('issues.bulk.assignee')}</span>
          <select disabled={busy} onChange={pick((v) => ({ assigneeId: v === 'none' ? null : Number(v) }))} data-testid="bulk-assignee" defaultValue="">
            <option value="">{t('issues.bulk.choose')}</option>
            <option value="none">{t('issues.list.unassigned')}</option>
            {members.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="bulk-bar__control">
          <span>{t('issues.bulk.priority')}</span>
          <select disabled={busy} onChange={pick((v) => ({ priority: v as Priority }))} data-testid="bulk-priority" defaultValue="">
            <option value="">{t('issues.bulk.choose')}</option>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(`issues.filters.priorities.${p}`)}
              </option>
            ))}
          </select>
        </label>
        {single && single.labels.length > 0 && (
          <>
            <label className="bulk-bar__control">
              <span>{t('issues.bulk.addLabel')}</span>
              <select disabled={busy} onChange={pick((v) => ({ addLabelIds: [Number(v)] }))} data-testid="bulk-add-label" defaultValue="">
                <option value="">{t('issues.bulk.choose')}</option>
                {single.labels.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="bulk-bar__control">
              <span>{t('issues.bulk.removeLabel')}</span>
              <select disabled={busy} onChange={pick((v) => ({ removeLabelIds: [Number(v)] }))} data-testid="bulk-remove-label" defaultValue="">
                <option value="">{t('issues.bulk.choose')}</option>
                {single.labels.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        {streams.length > 0 && (
          <>
            <label className="bulk-bar__control">
              <span>{t('issues.bulk.addStream')}</span>
              <select disabled={busy} onChange={pick((v) => ({ addStreamIds: [Number(v)] }))} data-testid="bulk-add-stream" defaultValue="">
                <option value="">{t('issues.bulk.choose')}</option>
                {streams.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="bulk-bar__control">
              <span>{t('issues.bulk.removeStream')}</span>
              <select disabled={busy} onChange={pick((v) => ({ removeStreamIds: [Number(v)] }))} data-testid="bulk-remove-stream" defaultValue="">
                <option value="">{t('issues.bulk.choose')}</option>
                {streams.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
      </div>
      <FormAlert message={error} />
    </div>
  );
}
