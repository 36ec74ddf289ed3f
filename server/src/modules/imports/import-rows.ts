// The statements an import writes with, inside its one transaction (import-writer.ts): issues
// created a batch at a time, updated one by one, new comments only, parents in a second pass.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImportFormat } from '@tracker/shared/api/import-record';
import type { ImportSkip } from '@tracker/shared/api/imports';
import type { ImportPlan, PlannedRecord } from './import-plan.ts';

export const isoOrNull = (v: string | undefined) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);
/** A source's colour when it is one we store (`#rrggbb`), else the table's default. */
const colorOr = (color: string | undefined, fallback: string) => (color && /^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : fallback);
export const dateOrNull = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

export async function createStatuses(em: EntityManager, plan: ImportPlan, projectId: number): Promise<string[]> {
  const made: string[] = [];
  for (const s of plan.statuses.values()) {
    if (s.id !== null) continue;
    const [row] = await em.execute<{ id: number }[]>(
      `insert into statuses (project_id, name, category, color, position) values (?, ?, ?, ?, (select coalesce(max(position) + 1, 0) from statuses where project_id = ?)) returning id`,
      [projectId, s.name.slice(0, 50), s.category, colorOr(s.color, '#94a3b8'), projectId],
    );
    s.id = row!.id;
    made.push(s.name);
  }
  return made;
}

export async function createLabels(em: EntityManager, plan: ImportPlan, projectId: number): Promise<string[]> {
  const made: string[] = [];
  for (const l of plan.labels.values()) {
    if (l.id !== null) continue;
    const [row] = await em.execute<{ id: number }[]>('insert into labels (project_id, name, color) values (?, ?, ?) returning id', [projectId, l.name.slice(0, 50), colorOr(l.color, '#64748b')]);
    l.id = row!.id;
    made.push(l.name);
  }
  return made;
}

export type Values = {
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

export interface NewIssue {
  r: PlannedRecord;
  v: Values & { labelIds: number[] };
  reporterId: number | null;
}

/**
 * Creates a batch of issues in one statement, numbered from `reserveNumbers` (which takes them from
 * the project's counter outside the import's transaction), each at the end of its status column
 * (`sortOrders` carries the column ends).
 */
export async function insertIssues(
  em: EntityManager,
  projectId: number,
  batch: NewIssue[],
  fallback: { id: number; category: string } | null,
  sortOrders: Map<number, number>,
  reserveNumbers: (count: number) => Promise<number>,
): Promise<number[]> {
  const first = await reserveNumbers(batch.length);
  const rows = batch.map(({ r, v, reporterId }, i) => {
    const statusId = v.statusId ?? fallback!.id;
    const completed = (v.category ?? fallback!.category) === 'completed';
    const sortOrder = (sortOrders.get(statusId) ?? 0) + 1024;
    sortOrders.set(statusId, sortOrder);
    const createdAt = isoOrNull(r.createdAt);
    return {
      number: first + i,
      title: v.title,
      description: v.description,
      status_id: statusId,
      priority: v.priority ?? 0,
      assignee_id: v.assigneeId,
      reporter_id: reporterId,
      start_date: v.startDate,
      due_date: v.dueDate,
      estimate: v.estimate,
      custom_values: v.customValues,
      created_at: createdAt,
      updated_at: isoOrNull(r.updatedAt) ?? createdAt,
      completed_at: completed ? (isoOrNull(r.completedAt) ?? new Date().toISOString()) : null,
      sort_order: sortOrder,
    };
  });
  const inserted = await em.execute<{ id: number; number: number }[]>(
    `insert into issues (project_id, number, title, description, status_id, priority, assignee_id, reporter_id, start_date, due_date,
                         estimate, custom_values, created_at, updated_at, completed_at, sort_order)
     select ?, x.number, x.title, x.description, x.status_id, x.priority, x.assignee_id, x.reporter_id, x.start_date, x.due_date,
            x.estimate, x.custom_values, coalesce(x.created_at, now()), coalesce(x.updated_at, now()), x.completed_at, x.sort_order
       from jsonb_to_recordset(?::jsonb) as x(number int, title text, description text, status_id int, priority smallint, assignee_id int, reporter_id int,
            start_date date, due_date date, estimate float8, custom_values jsonb, created_at timestamptz, updated_at timestamptz, completed_at timestamptz, sort_order float8)
     returning id, number`,
    [projectId, JSON.stringify(rows)],
  );
  const idOf = new Map(inserted.map((row) => [row.number, row.id]));
  return rows.map((row) => idOf.get(row.number)!);
}

/** Where each status column of the project ends now (new issues go below). */
export async function columnEnds(em: EntityManager, projectId: number): Promise<Map<number, number>> {
  const rows = await em.execute<{ status_id: number; end: number }[]>('select status_id, max(sort_order)::float8 as end from issues where project_id = ? group by status_id', [projectId]);
  return new Map(rows.map((r) => [r.status_id, Number(r.end)]));
}

/** The file's values over the issue's; what the file leaves empty stays as it is in Tracker. */
export async function updateIssue(em: EntityManager, issueId: number, r: PlannedRecord, v: Values): Promise<void> {
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
export async function addComments(em: EntityManager, format: ImportFormat, issueId: number, r: PlannedRecord, user: (p: PlannedRecord['assignee']) => number | null, fresh: boolean) {
  if (!r.comments.length) return;
  // A fresh issue has no comments yet: nothing to compare with.
  const refs = fresh ? new Set<string>() : new Set((await em.execute<{ external_id: string }[]>('select external_id from comment_external_refs where issue_id = ? and source = ?', [issueId, format])).map((c) => c.external_id));
  const have = fresh ? new Set<string>() : new Set(
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

/**
 * For each child of `parentOf`, whether its parent chain ends (true) or runs into a cycle (false), so
 * a link that would close a cycle is left out. Each issue is walked once: walking every chain from
 * its own child was quadratic (a file of 100,000 issues each the parent of the next).
 */
export function chainsEnd(parentOf: ReadonlyMap<number, number>): Map<number, boolean> {
  const ends = new Map<number, boolean>();
  for (const start of parentOf.keys()) {
    const path: number[] = [];
    const onPath = new Set<number>();
    let at: number | undefined = start;
    let result: boolean;
    for (;;) {
      if (at === undefined || !parentOf.has(at)) {
        result = true;
        break;
      }
      const known = ends.get(at);
      if (known !== undefined) {
        result = known;
        break;
      }
      if (onPath.has(at)) {
        result = false;
        break;
      }
      onPath.add(at);
      path.push(at);
      at = parentOf.get(at);
    }
    for (const node of path) ends.set(node, result);
  }
  return ends;
}

/** Second pass: sub-issues point at their parents once every issue of the file exists. */
export async function linkParents(em: EntityManager, plan: ImportPlan, issueOf: Map<string, number>, notes: ImportSkip[]) {
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
  // A parent chain that leads back into a cycle would make one: that link is left out.
  const ends = chainsEnd(parentOf);
  for (const [child, parent] of parentOf) {
    if (!ends.get(child)) continue;
    await em.execute('update issues set parent_id = ? where id = ? and parent_id is distinct from ?', [parent, child, parent]);
  }
}
