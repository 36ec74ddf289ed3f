// One occurrence of a series: a copy of the head issue, made inside the caller's transaction, at most
// once per (series, date) — the primary key of recurrence_occurrences decides, so two replicas (or a
// completion toggled back and forth) cannot make two.
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordActivities } from '../activity/activity.ts';
import { publishEvent } from '../events/publish.ts';
import { userCanViewProjectSql } from '../projects/project-guards.ts';

export interface SeriesRow {
  id: number;
  issue_id: number;
  rrule: string;
  mode: 'schedule' | 'on_complete';
  dtstart: Date;
  next_at: Date | null;
  created_by: number | null;
}

export const SERIES_COLUMNS = 'r.id, r.issue_id, r.rrule, r.mode, r.dtstart, r.next_at, r.created_by';

const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Claims (series, date) and copies the head issue as that date's issue: title, description,
 * priority, assignee (while they may still see the project), labels, streams, estimate, custom
 * fields, parent and watchers; status reset to the project's first unstarted status; due date =
 * the occurrence's date (a start date keeps its distance to the due date). Returns the new issue's
 * id, or null when this occurrence was made already or the project is archived.
 */
export async function createOccurrence(em: EntityManager, series: SeriesRow, occursAt: Date): Promise<number | null> {
  const claimed = await em.execute<{ recurrence_id: number }[]>(
    'insert into recurrence_occurrences (recurrence_id, occurs_at) values (?, ?) on conflict do nothing returning recurrence_id',
    [series.id, occursAt],
  );
  if (!claimed.length) return null;
  const [head] = await em.execute<{ project_id: number; archived: boolean; reporter_id: number | null; key: string; number: number; stream_ids: number[] }[]>(
    `select i.project_id, p.archived_at is not null as archived, i.reporter_id, p.key, i.number,
            array(select stream_id from issue_streams where issue_id = i.id order by stream_id) as stream_ids
       from issues i join projects p on p.id = i.project_id where i.id = ?`,
    [series.issue_id],
  );
  if (!head || head.archived) return null;
  const actorId = series.created_by ?? head.reporter_id;
  const [status] = await em.execute<{ id: number }[]>(
    `select id from statuses where project_id = ? order by (category = 'unstarted') desc, (category = 'backlog') desc, position, id limit 1`,
    [head.project_id],
  );
  const [counter] = await em.execute<{ issue_counter: number }[]>('update projects set issue_counter = issue_counter + 1 where id = ? returning issue_counter', [head.project_id]);
  const due = dateOf(occursAt);
  const [row] = await em.execute<{ id: number }[]>(
    `insert into issues (project_id, number, title, description, status_id, priority, assignee_id, reporter_id, start_date, due_date,
                         estimate, parent_id, custom_values, sort_order)
     select t.project_id, ?::int, t.title, t.description, ?::int, t.priority,
            (select u.id from users u join projects p on p.id = t.project_id where u.id = t.assignee_id and ${userCanViewProjectSql('u', 'p')}),
            ?::int, case when t.start_date is not null and t.due_date is not null then ?::date - (t.due_date - t.start_date) end, ?::date,
            t.estimate, t.parent_id, t.custom_values,
            (select coalesce(max(sort_order), 0) + 1024 from issues where project_id = t.project_id and status_id = ?::int)
       from issues t where t.id = ?
     returning id`,
    [counter!.issue_counter, status!.id, actorId, due, due, status!.id, series.issue_id],
  );
  const id = row!.id;
  await em.execute('insert into issue_labels (issue_id, label_id) select ?::int, label_id from issue_labels where issue_id = ?', [id, series.issue_id]);
  await em.execute('insert into issue_streams (issue_id, stream_id) select ?::int, stream_id from issue_streams where issue_id = ?', [id, series.issue_id]);
  await em.execute(
    `insert into issue_watchers (issue_id, user_id)
     select ?::int, user_id from issue_watchers where issue_id = ? union select ?::int, ?::int where ?::int is not null
     on conflict do nothing`,
    [id, series.issue_id, id, actorId, actorId],
  );
  await em.execute('update recurrence_occurrences set issue_id = ? where recurrence_id = ? and occurs_at = ?', [id, series.id, occursAt]);
  const base = { projectId: head.project_id, issueId: id, actorId };
  await recordActivities(em, [
    { ...base, action: 'created' },
    { ...base, action: 'recurrence.created', newValue: { issueId: series.issue_id, key: `${head.key}-${head.number}`, occursAt: due } },
    ...head.stream_ids.map((streamId) => ({ ...base, streamId, action: 'stream.issue_added' as const })),
  ]);
  await publishEvent(em, { type: 'issue.created', issueId: id, projectId: head.project_id, streamIds: head.stream_ids, actorId });
  return id;
}
