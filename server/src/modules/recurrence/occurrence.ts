// One occurrence of a series: a copy of the head issue, made inside the caller's transaction, at most
// once per (series, date) — the primary key of recurrence_occurrences decides, so two replicas (or a
// completion toggled back and forth) cannot make two.
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordActivities } from '../activity/activity.ts';
import { publishEvent } from '../events/publish.ts';
import {
  claimOccurrence,
  copyLinks,
  copyWatchers,
  insertOccurrenceIssue,
  linkOccurrence,
  occurrenceStatus,
  seriesHead,
} from './occurrence.repository.ts';
import { takeIssueNumber } from '../projects/project.repository.ts';
import { syncIssueClocks } from '../sla-clock/clock.ts';

export interface SeriesRow {
  id: number;
  issue_id: number;
  rrule: string;
  mode: 'schedule' | 'on_complete';
  dtstart: Date;
  next_at: Date | null;
  created_by: number | null;
}

const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Claims (series, date) and copies the head issue as that date's issue: title, description,
 * priority, assignee (while they may still see the project), labels, streams, estimate, custom
 * fields, parent and watchers; status reset to the project's first unstarted status; due date =
 * the occurrence's date (a start date keeps its distance to the due date). Returns the new issue's
 * id, or null when this occurrence was made already or the project is archived.
 */
export async function createOccurrence(em: EntityManager, series: SeriesRow, occursAt: Date): Promise<number | null> {
  if (!(await claimOccurrence(em, series.id, occursAt))) return null;
  const head = await seriesHead(em, series.issue_id);
  if (!head || head.archived) return null;
  const actorId = series.created_by ?? head.reporter_id;
  const statusId = await occurrenceStatus(em, head.project_id);
  const number = await takeIssueNumber(em, head.project_id);
  const due = dateOf(occursAt);
  const id = await insertOccurrenceIssue(em, series.issue_id, { number, statusId, reporterId: actorId, due });
  await copyLinks(em, series.issue_id, id);
  await copyWatchers(em, series.issue_id, id, actorId);
  await syncIssueClocks(em, [id]);
  await linkOccurrence(em, series.id, occursAt, id);
  const base = { projectId: head.project_id, issueId: id, actorId };
  await recordActivities(em, [
    { ...base, action: 'created' },
    { ...base, action: 'recurrence.created', newValue: { issueId: series.issue_id, key: `${head.key}-${head.number}`, occursAt: due } },
    ...head.stream_ids.map((streamId) => ({ ...base, streamId, action: 'stream.issue_added' as const })),
  ]);
  await publishEvent(em, { type: 'issue.created', issueId: id, projectId: head.project_id, streamIds: head.stream_ids, actorId });
  return id;
}
