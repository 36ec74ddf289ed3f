// Writes a planned import in ONE transaction (issue 17: nothing is half-imported): statuses and
// labels first, then issues in file order (created, or updated by their external id), their
// comments (new ones only), then parents in a second pass, then the import's own row. Progress is
// reported out of band, on another connection, so a page polling it sees it move while the
// transaction is open. The transaction sets `tracker.history = 'on'`, so the activity rows it writes
// queue no notification jobs (migration quiet_history): an import tells nobody, in the inbox or in
// Telegram, and makes no one a watcher.
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIORITY_VALUE } from '@tracker/shared/api/issues';
import type { ImportFormat } from '@tracker/shared/api/import-record';
import type { ImportReport, ImportSkip } from '@tracker/shared/api/imports';
import { intArray } from '../../db/sql.ts';
import { recordActivities, type ActivityInput } from '../activity/activity.ts';
import { publishEvent } from '../events/publish.ts';
import { defaultStatus } from '../issues/issue-validate.ts';
import { customValuesOf } from './import-fields.ts';
import { personKey, type ImportPlan, type PlannedRecord } from './import-plan.ts';

/** Records written between two progress reports. */
export const IMPORT_BATCH = 200;

export interface WriteContext {
  importId: number;
  projectId: number;
  actorId: number | null;
  format: ImportFormat;
  /** Reports `done` records out of band (not in the import's transaction). */
  progress: (done: number) => Promise<void>;
}

const isoOrNull = (v: string | undefined) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);
const dateOrNull = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

export async function writeImport(em: EntityManager, plan: ImportPlan, ctx: WriteContext): Promise<ImportReport> {
  return em.transactional(async (tem) => {
    await tem.execute(`set local tracker.history = 'on'`);
    const createdStatuses = await createStatuses(tem, plan, ctx.projectId);
    const createdLabels = await createLabels(tem, plan, ctx.projectId);
    const fallback = plan.records.some((r) => !r.status) ? await defaultStatus(tem, ctx.projectId) : null;
    const user = (p: { email?: string; name?: string } | undefined) => plan.users.get(personKey(p) ?? '') ?? null;
    const userByName = (name: string) => plan.users.get(name.trim().toLowerCase()) ?? plan.users.get(name.trim()) ?? null;
    const notes: ImportSkip[] = [];
    const issueOf = new Map(plan.existing);
    let created = 0;
    let updated = 0;

    for (const [i, r] of plan.records.entries()) {
      const status = r.status ? plan.statuses.get(r.status.name.trim().toLowerCase())! : null;
      const values = {
        title: r.title.trim(),
        description: r.description ?? '',
        statusId: status?.id ?? null,
        category: status?.category ?? null,
        priority: r.priority ? PRIORITY_VALUE[r.priority] : null,
        assigneeId: user(r.assignee),
        startDate: dateOrNull(r.startDate),
        dueDate: dateOrNull(r.dueDate),
        estimate: r.estimate ?? null,
        customValues: customValuesOf(plan.fields, r.fields, r.row, notes, userByName),
        labelIds: [...new Set(r.labels.map((l) => plan.labels.get(l.name.trim().toLowerCase())?.id).filter((id): id is number => !!id))],
      };
      if (values.startDate && values.dueDate && values.startDate > values.dueDate) values.startDate = null;
      const existingId = issueOf.get(r.externalId);
      const issueId = existingId ?? (await insertIssue(tem, ctx, r, values, fallback, user(r.reporter) ?? ctx.actorId));
      if (existingId) {
        await updateIssue(tem, existingId, r, values);
        updated += 1;
      } else {
        issueOf.set(r.externalId, issueId);
        await tem.execute('insert into issue_external_refs (project_id, source, external_id, issue_id) values (?, ?, ?, ?)', [ctx.projectId, ctx.format, r.externalId, issueId]);
        created += 1;
      }
      if (values.labelIds.length)
        await tem.execute('insert into issue_labels (issue_id, label_id) select ?, unnest(?::int[]) on conflict do nothing', [issueId, intArray(values.labelIds)]);
      await addComments(tem, ctx.format, issueId, r, user);
      const activity: ActivityInput = { projectId: ctx.projectId, issueId, actorId: ctx.actorId, action: 'imported', newValue: { format: ctx.format, importId: ctx.importId, updated: !!existingId } };
      await recordActivities(tem, [activity]);
      if ((i + 1) % IMPORT_BATCH === 0) await ctx.progress(i + 1);
    }
    await linkParents(tem, plan, issueOf, notes);

    const report: ImportReport = { created, updated, skipped: plan.skipped, unmatchedUsers: plan.unmatched, notes, createdStatuses, createdLabels };
    await tem.execute(
      `update imports set status = 'succeeded', report = ?::jsonb, progress_done = progress_total, finished_at = now(), file = null where id = ?`,
      [JSON.stringify(report), ctx.importId],
    );
    await publishEvent(tem, { type: 'project.updated', issueId: null, projectId: ctx.projectId, streamIds: [], actorId: ctx.actorId ?? 0 });
    return report;
  });
}

async function createStatuses(em: EntityManager, plan: ImportPlan, projectId: number): Promise<string[]> {
  const made: string[] = [];
  for (const s of plan.statuses.values()) {
    if (s.id !== null) continue;
    const [row] = await em.execute<{ id: number }[]>(
      `insert into statuses (project_id, name, category, position) values (?, ?, ?, (select coalesce(max(position) + 1, 0) from statuses where project_id = ?)) returning id`,
      [projectId, s.name, s.category, projectId],
    );
    s.id = row!.id;
    made.push(s.name);
  }
  return made;
}

async function createLabels(em: EntityManager, plan: ImportPlan, projectId: number): Promise<string[]> {
  const made: string[] = [];
  for (const l of plan.labels.values()) {
    if (l.id !== null) continue;
    const [row] = await em.execute<{ id: number }[]>('insert into labels (project_id, name) values (?, ?) returning id', [projectId, l.name]);
    l.id = row!.id;
    made.push(l.name);
  }
  return made;
}

type Values = {
  title: string;
  description: string;
  statusId: number | null;
  category: string | null;
  priority: number | null;
  assigneeId: number | null;
  startDate: string | null;
  dueDate: string | null;
  estimate: number | null;
  customValues: Record<string, unknown>;
};

async function insertIssue(em: EntityManager, ctx: WriteContext, r: PlannedRecord, v: Values, fallback: { id: number; category: string } | null, reporterId: number | null): Promise<number> {
  const statusId = v.statusId ?? fallback!.id;
  const completed = (v.category ?? fallback!.category) === 'completed';
  const createdAt = isoOrNull(r.createdAt);
  const [counter] = await em.execute<{ issue_counter: number }[]>('update projects set issue_counter = issue_counter + 1 where id = ? returning issue_counter', [ctx.projectId]);
  const [row] = await em.execute<{ id: number }[]>(
    `insert into issues (project_id, number, title, description, status_id, priority, assignee_id, reporter_id, start_date, due_date,
                         estimate, custom_values, created_at, updated_at, completed_at, sort_order)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, coalesce(?::timestamptz, now()), coalesce(?::timestamptz, ?::timestamptz, now()),
             ?::timestamptz,
             (select coalesce(max(sort_order), 0) + 1024 from issues where project_id = ? and status_id = ?))
     returning id`,
    [ctx.projectId, counter!.issue_counter, v.title, v.description, statusId, v.priority ?? 0, v.assigneeId, reporterId, v.startDate, v.dueDate, v.estimate,
      JSON.stringify(v.customValues), createdAt, isoOrNull(r.updatedAt), createdAt, completed ? (isoOrNull(r.completedAt) ?? new Date().toISOString()) : null, ctx.projectId, statusId],
  );
  return row!.id;
}

/** The file's values over the issue's; what the file leaves empty stays as it is in Tracker. */
async function updateIssue(em: EntityManager, issueId: number, r: PlannedRecord, v: Values): Promise<void> {
  const sets: string[] = ['title = ?'];
  const params: unknown[] = [v.title];
  const set = (column: string, value: unknown, cast = '') => {
    if (value === null || value === undefined) return;
    sets.push(`${column} = ?${cast}`);
    params.push(value);
  };
  if (r.description !== undefined) set('description', v.description);
  set('status_id', v.statusId);
  if (v.category === 'completed') {
    sets.push('completed_at = coalesce(?::timestamptz, completed_at, now())');
    params.push(isoOrNull(r.completedAt));
  } else if (v.category !== null) sets.push('completed_at = null');
  set('priority', v.priority);
  set('assignee_id', v.assigneeId);
  set('start_date', v.startDate);
  set('due_date', v.dueDate);
  set('estimate', v.estimate);
  if (Object.keys(v.customValues).length) {
    sets.push('custom_values = custom_values || ?::jsonb');
    params.push(JSON.stringify(v.customValues));
  }
  await em.execute(`update issues set ${[...sets, 'updated_at = now()'].join(', ')} where id = ?`, [...params, issueId]);
}

/** New comments only: one already imported (by its external id) or equal in author, time and text is kept as it is. */
async function addComments(em: EntityManager, format: ImportFormat, issueId: number, r: PlannedRecord, user: (p: PlannedRecord['assignee']) => number | null) {
  if (!r.comments.length) return;
  const refs = new Set((await em.execute<{ external_id: string }[]>('select external_id from comment_external_refs where issue_id = ? and source = ?', [issueId, format])).map((c) => c.external_id));
  const have = new Set(
    (await em.execute<{ author_id: number | null; created_at: Date; body: string }[]>('select author_id, created_at, body from comments where issue_id = ?', [issueId])).map(
      (c) => `${c.author_id}|${new Date(c.created_at).toISOString()}|${c.body}`,
    ),
  );
  for (const c of r.comments) {
    if (!c.body.trim() || (c.externalId && refs.has(c.externalId))) continue;
    const authorId = user(c.author);
    const createdAt = isoOrNull(c.createdAt);
    if (createdAt && have.has(`${authorId}|${createdAt}|${c.body}`)) continue;
    const [row] = await em.execute<{ id: number }[]>(
      'insert into comments (issue_id, author_id, body, created_at, updated_at) values (?, ?, ?, coalesce(?::timestamptz, now()), coalesce(?::timestamptz, ?::timestamptz, now())) returning id',
      [issueId, authorId, c.body, createdAt, isoOrNull(c.updatedAt), createdAt],
    );
    if (c.externalId) {
      await em.execute('insert into comment_external_refs (issue_id, source, external_id, comment_id) values (?, ?, ?, ?) on conflict do nothing', [issueId, format, c.externalId, row!.id]);
      refs.add(c.externalId);
    }
    if (createdAt) have.add(`${authorId}|${createdAt}|${c.body}`);
  }
}

/** Second pass: sub-issues point at their parents once every issue of the file exists. */
async function linkParents(em: EntityManager, plan: ImportPlan, issueOf: Map<string, number>, notes: ImportSkip[]) {
  const parentOf = new Map<number, number>();
  for (const r of plan.records) {
    if (!r.parentExternalId) continue;
    const child = issueOf.get(r.externalId)!;
    const parent = issueOf.get(r.parentExternalId);
    if (!parent || parent === child) {
      notes.push({ row: r.row, reason: 'unknownParent', values: { id: r.parentExternalId } });
      continue;
    }
    parentOf.set(child, parent);
  }
  for (const [child, parent] of parentOf) {
    // A parent chain that leads back to the child would make a cycle: that link is left out.
    let at: number | undefined = parent;
    const seen = new Set([child]);
    while (at !== undefined && !seen.has(at)) {
      seen.add(at);
      at = parentOf.get(at);
    }
    if (at !== undefined) continue;
    await em.execute('update issues set parent_id = ? where id = ? and parent_id is distinct from ?', [parent, child, parent]);
  }
}
