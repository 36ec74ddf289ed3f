// What an import writes inside its one transaction (import-writer.ts): the statuses and labels it
// lacks, issues created a batch at a time, updated one by one, new comments only, parents in a second
// pass. The statements are import-rows.repository.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImportFormat } from '@tracker/shared/api/import-record';
import type { ImportSkip } from '@tracker/shared/api/imports';
import type { ImportPlan, PlannedRecord } from './import-plan.ts';
import {
  columnEndRows,
  importedCommentIds,
  insertComment,
  insertCommentRef,
  insertIssueBatch,
  insertLabel,
  issueComments,
  setParent,
  updateIssueFromFile,
  type IssueInsert,
} from './import-rows.repository.ts';
import { insertStatus } from '../projects/workflow.repository.ts';

export const isoOrNull = (v: string | undefined) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);
/** A source's colour when it is one we store (`#rrggbb`), else the table's default. */
const colorOr = (color: string | undefined, fallback: string) => (color && /^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : fallback);
export const dateOrNull = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

export async function createStatuses(em: EntityManager, plan: ImportPlan, projectId: number): Promise<string[]> {
  const made: string[] = [];
  for (const s of plan.statuses.values()) {
    if (s.id !== null) continue;
    s.id = await insertStatus(em, projectId, { name: s.name.slice(0, 50), category: s.category, color: colorOr(s.color, '#94a3b8') });
    made.push(s.name);
  }
  return made;
}

export async function createLabels(em: EntityManager, plan: ImportPlan, projectId: number): Promise<string[]> {
  const made: string[] = [];
  for (const l of plan.labels.values()) {
    if (l.id !== null) continue;
    l.id = await insertLabel(em, projectId, { name: l.name.slice(0, 50), color: colorOr(l.color, '#64748b') });
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
  const rows = batch.map(({ r, v, reporterId }, i): IssueInsert => {
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
  const inserted = await insertIssueBatch(em, projectId, rows);
  const idOf = new Map(inserted.map((row) => [row.number, row.id]));
  return rows.map((row) => idOf.get(row.number)!);
}

/** Where each status column of the project ends now (new issues go below). */
export async function columnEnds(em: EntityManager, projectId: number): Promise<Map<number, number>> {
  const rows = await columnEndRows(em, projectId);
  return new Map(rows.map((r) => [r.status_id, Number(r.end)]));
}

/** The file's values over the issue's; what the file leaves empty stays as it is in Tracker. */
export async function updateIssue(em: EntityManager, issueId: number, r: PlannedRecord, v: Values): Promise<void> {
  await updateIssueFromFile(em, issueId, {
    title: v.title,
    ...(r.description !== undefined && { description: v.description }),
    statusId: v.statusId,
    completed: v.category === null ? null : v.category === 'completed' ? { done: true, at: isoOrNull(r.completedAt) } : { done: false },
    priority: v.priority,
    assigneeId: v.assigneeId,
    startDate: v.startDate,
    dueDate: v.dueDate,
    estimate: v.estimate,
    customValues: Object.keys(v.customValues).length ? v.customValues : null,
  });
}

/** New comments only: one already imported (by its external id) or equal in author, time and text is kept as it is. */
export async function addComments(em: EntityManager, format: ImportFormat, issueId: number, r: PlannedRecord, user: (p: PlannedRecord['assignee']) => number | null, fresh: boolean) {
  if (!r.comments.length) return;
  // A fresh issue has no comments yet: nothing to compare with.
  const refs = new Set(fresh ? [] : await importedCommentIds(em, issueId, format));
  const have = new Set(fresh ? [] : (await issueComments(em, issueId)).map((c) => `${c.author_id}|${new Date(c.created_at).toISOString()}|${c.body}`));
  for (const c of r.comments) {
    if (!c.body.trim() || (c.externalId && refs.has(c.externalId))) continue;
    const authorId = user(c.author);
    const createdAt = isoOrNull(c.createdAt);
    if (createdAt && have.has(`${authorId}|${createdAt}|${c.body}`)) continue;
    const commentId = await insertComment(em, { issueId, authorId, body: c.body, createdAt, updatedAt: isoOrNull(c.updatedAt) });
    if (c.externalId) {
      await insertCommentRef(em, { issueId, source: format, externalId: c.externalId, commentId });
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
    await setParent(em, child, parent);
  }
}
