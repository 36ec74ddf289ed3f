// Bulk edit of the selected rows with the issue page's own fields: each shows what the selected
// issues share, and a choice applies one patch to all of them at once (`POST /api/issues/bulk`,
// all-or-nothing — the server's refusal is shown as is). Labels and streams: a box checked adds to
// all, a box unchecked removes from all.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useHeightVar } from '../../../lib/use-height-var.ts';
import { bulkUpdate, type BulkPatch } from '../api.ts';
import { editIssue, usePlanOptions, useStoreReference } from '../../../store/index.ts';
import { PriorityField, StatusField } from '../fields/choice.tsx';
import { AssigneeField, LabelsField, StreamsField } from '../fields/picked.tsx';
import { CycleField, MilestoneField } from '../fields/plan.tsx';
import type { ProjectMap } from '../../../store/use-projects.ts';
import { restoresOf, setPatch, sharedOf, type Shared } from './shared.ts';
import '../detail/issue.css';
import './bulk.css';
import { errorText } from '../../../lib/error-text.ts';

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
  const bar = useRef<HTMLDivElement>(null);
  useHeightVar(bar, '--floating-bar-h');
  const streams = useStoreReference()?.streams ?? [];

  const projectIds = [...new Set(issues.map((i) => i.projectId))];
  const single = projectIds.length === 1 ? projects.get(projectIds[0]!) : undefined;
  const shared = useMemo(() => sharedOf(issues), [issues]);
  // Cycles and milestones belong to a project: offered when the selection is in one.
  const plan = usePlanOptions(single ? projectIds[0] : null);
  // A choice shows at once and until the rows come back changed (or the server refuses it).
  const [held, setHeld] = useState<{ of: Shared; value: Partial<Shared> } | null>(null);
  const shown = held?.of === shared ? { ...shared, ...held.value } : shared;
  const mixed = t('issues.bulk.mixed');

  async function apply(patch: BulkPatch | null, shows: Partial<Shared>) {
    if (!patch) return;
    setHeld({ of: shared, value: shows });
    setBusy(true);
    setError(null);
    const before = issues.map((i) => ({ ...i }));
    try {
      const r = await bulkUpdate(
        issues.map((i) => i.id),
        patch,
      );
      // Undo puts each issue's own old values back, through the store's outbox (optimistic, queued offline).
      const restores = restoresOf(before, patch);
      toast({
        title: t('issues.bulk.done', { count: r.updated.length }),
        color: 'success',
        action: { label: t('issues.comments.undo'), run: () => restores.forEach((x) => void editIssue(x.id, x.body, x.optimistic)?.catch(() => undefined)) },
      });
      onDone();
    } catch (err) {
      setHeld(null);
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={bar} className="bulk-bar" role="region" aria-label={t('issues.bulk.label')} data-testid="bulk-bar">
      <div className="bulk-bar__head">
        <strong>{t('issues.list.selectedCount', { count: issues.length })}</strong>
        <button type="button" className="bulk-bar__clear" onClick={onClear} data-testid="bulk-clear" aria-label={t('issues.bulk.clear')} title={`${t('issues.bulk.clear')} (Esc)`}>
          ×
        </button>
      </div>
      <div className="bulk-bar__controls">
        <StatusField
          statuses={single?.statuses ?? []}
          value={single ? shown.statusId : null}
          placeholder={single ? mixed : t('issues.bulk.severalProjects')}
          title={single ? undefined : t('issues.bulk.statusOneProject')}
          disabled={busy || !single}
          testid="bulk-status"
          onChange={(statusId) => statusId && apply({ statusId }, { statusId })}
        />
        <PriorityField value={shown.priority} placeholder={mixed} disabled={busy} testid="bulk-priority" onChange={(priority) => apply({ priority }, { priority })} />
        <AssigneeField
          value={shown.assignee}
          placeholder={mixed}
          disabled={busy}
          testid="bulk-assignee"
          onChange={(assignee) => apply({ assigneeId: assignee?.id ?? null }, { assignee })}
        />
        {single && single.labels.length > 0 && (
          <LabelsField
            options={single.labels}
            value={shown.labelIds}
            disabled={busy}
            testid="bulk-labels"
            onChange={(labelIds) => apply(setPatch(shown.labelIds, labelIds, ['addLabelIds', 'removeLabelIds']), { labelIds })}
          />
        )}
        {streams.length > 0 && (
          <StreamsField
            options={streams}
            value={shown.streamIds}
            disabled={busy}
            testid="bulk-streams"
            onChange={(streamIds) => apply(setPatch(shown.streamIds, streamIds, ['addStreamIds', 'removeStreamIds']), { streamIds })}
          />
        )}
        {single && plan.cycles.length > 0 && (
          <CycleField
            options={plan.cycles}
            value={shown.cycleId ?? null}
            placeholder={shown.cycleId === undefined ? mixed : undefined}
            disabled={busy}
            testid="bulk-cycle"
            onChange={(cycleId) => apply({ cycleId }, { cycleId })}
          />
        )}
        {single && plan.milestones.length > 0 && (
          <MilestoneField
            options={plan.milestones}
            value={shown.milestoneId ?? null}
            placeholder={shown.milestoneId === undefined ? mixed : undefined}
            disabled={busy}
            testid="bulk-milestone"
            onChange={(milestoneId) => apply({ milestoneId }, { milestoneId })}
          />
        )}
      </div>
      <FormAlert message={error} />
    </div>
  );
}
