// Pure changes to the store: a bootstrap (whole, or one project's) and a batch of the change feed.
// Each entry of the feed is an entity's current state, so applying one twice is harmless.
import type { SyncBootstrapResponse, SyncChange } from '@tracker/shared/api/sync';
import type { IssueListItem } from '@tracker/shared/api/issues';
import type { Dirty } from './dirty.ts';
import { memberKey, row, type SyncData } from './model.ts';
import { hasEdits, withEdits } from './outbox-model.ts';

const byId = <T extends { id: number }>(rows: T[]): Record<number, T> => {
  const out: Record<number, T> = {};
  for (const r of rows) out[r.id] = r;
  return out;
};

/** A whole bootstrap replaces the store (its first page of issues; later pages via `addIssues`). */
export function applyBootstrap(state: SyncData, b: SyncBootstrapResponse, dirty?: Dirty) {
  applyBootstrapReference(state, b);
  state.issues = byId(b.issues.map(row));
  state.comments = {};
  state.commentsByIssue = {};
  state.evicted = {};
  state.syncId = b.syncId;
  reapplyEdits(state);
  dirty?.everything();
}

/**
 * A bootstrap's small tables alone (projects, statuses, labels, members, people, fields, views,
 * streams): a list whose rows came from the API shows their statuses and labels from them while the
 * issues wait for the browser to be idle (reads.ts). The store answers no list before `syncId`.
 */
export function applyBootstrapReference(state: SyncData, b: SyncBootstrapResponse) {
  state.projects = byId(b.projects);
  state.statuses = byId(b.statuses);
  state.labels = byId(b.labels);
  const members: SyncData['members'] = {};
  for (const m of b.members) members[memberKey(m.projectId, m.userId)] = m;
  state.members = members;
  state.users = byId(b.users);
  state.customFields = byId(b.customFields);
  state.views = byId(b.views);
  state.streams = byId(b.streams);
  state.cycles = byId(b.cycles);
  state.milestones = byId(b.milestones);
}

/** After the issues were replaced whole: edits not yet confirmed show again over the new copies. */
function reapplyEdits(state: SyncData) {
  state.confirmed = {};
  for (const id of new Set(state.outbox.map((e) => e.issueId))) {
    const copy = state.issues[id];
    if (!copy) continue;
    state.confirmed[id] = copy;
    state.issues[id] = withEdits(copy, state.outbox);
  }
}

/**
 * One project's bootstrap (`?project=`), after gaining access to it or to reload it after eviction.
 * The store's position stays: the feed after it repeats whatever changed meanwhile, in newer states.
 */
export function applyProjectBootstrap(state: SyncData, projectId: number, b: SyncBootstrapResponse, dirty?: Dirty) {
  removeProject(state, projectId, dirty, true);
  delete state.evicted[projectId];
  for (const p of b.projects) put(state, dirty, 'projects', p.id, p);
  for (const s of b.statuses) put(state, dirty, 'statuses', s.id, s);
  for (const l of b.labels) put(state, dirty, 'labels', l.id, l);
  for (const m of b.members) put(state, dirty, 'members', memberKey(m.projectId, m.userId), m);
  for (const u of b.users) put(state, dirty, 'users', u.id, u);
  // Fields scoped to the project and views shared with it become visible with it.
  for (const f of b.customFields) put(state, dirty, 'customFields', f.id, f);
  for (const v of b.views) put(state, dirty, 'views', v.id, v);
  for (const c of b.cycles) put(state, dirty, 'cycles', c.id, c);
  for (const m of b.milestones) put(state, dirty, 'milestones', m.id, m);
  addIssues(state, b.issues, dirty);
}

/**
 * Issues a screen read from the server (older closed ones the bootstrap leaves out): kept when their
 * project is held, never over a newer copy the feed brought.
 */
export function addSeenIssues(state: SyncData, issues: readonly IssueListItem[], dirty?: Dirty) {
  for (const i of issues) {
    const held = state.issues[i.id];
    if (!state.projects[i.projectId] || state.evicted[i.projectId]) continue;
    if (held && Date.parse(held.updatedAt) > Date.parse(i.updatedAt)) continue;
    put(state, dirty, 'issues', i.id, i);
  }
}

/** A further page of issues. */
export function addIssues(state: SyncData, issues: IssueListItem[], dirty?: Dirty) {
  for (const i of issues) if (!state.evicted[i.projectId]) put(state, dirty, 'issues', i.id, i);
}

function put<T extends keyof SyncData & ('projects' | 'statuses' | 'labels' | 'members' | 'users' | 'issues' | 'customFields' | 'views' | 'streams' | 'cycles' | 'milestones')>(
  state: SyncData,
  dirty: Dirty | undefined,
  table: T,
  key: number | string,
  value: SyncData[T][keyof SyncData[T]] | null,
) {
  const rows = state[table] as Record<string | number, unknown>;
  if (table === 'issues' && hasEdits(state.outbox, Number(key))) {
    // The server's copy under edits not yet confirmed: kept aside, shown with the edits applied.
    if (value === null) delete state.confirmed[Number(key)];
    else {
      state.confirmed[Number(key)] = value as IssueListItem;
      value = withEdits(value as IssueListItem, state.outbox) as typeof value;
    }
  }
  if (value === null) {
    if (!(key in rows)) return;
    delete rows[key];
  } else rows[key] = table === 'issues' ? row(value as IssueListItem) : value;
  dirty?.mark(table, key, value === null);
}

function removeComment(state: SyncData, id: number, dirty?: Dirty) {
  const c = state.comments[id];
  if (!c) return;
  delete state.comments[id];
  const list = state.commentsByIssue[c.issueId];
  if (list) {
    const rest = list.filter((x) => x !== id);
    if (rest.length) state.commentsByIssue[c.issueId] = rest;
    else delete state.commentsByIssue[c.issueId];
  }
  dirty?.mark('comments', id, true);
}

function removeIssue(state: SyncData, id: number, dirty?: Dirty) {
  for (const c of state.commentsByIssue[id] ?? []) removeComment(state, c, dirty);
  put(state, dirty, 'issues', id, null);
}

/** A project and everything in it; `keepRow` keeps the project itself (a reload of its contents). */
export function removeProject(state: SyncData, id: number, dirty?: Dirty, keepRow = false) {
  for (const [key, s] of Object.entries(state.statuses)) if (s.projectId === id) put(state, dirty, 'statuses', Number(key), null);
  for (const [key, l] of Object.entries(state.labels)) if (l.projectId === id) put(state, dirty, 'labels', Number(key), null);
  for (const [key, m] of Object.entries(state.members)) if (m.projectId === id) put(state, dirty, 'members', key, null);
  for (const [key, c] of Object.entries(state.cycles)) if (c.projectId === id) put(state, dirty, 'cycles', Number(key), null);
  for (const [key, m] of Object.entries(state.milestones)) if (m.projectId === id) put(state, dirty, 'milestones', Number(key), null);
  evictIssues(state, id, dirty);
  if (!keepRow) put(state, dirty, 'projects', id, null);
  delete state.evicted[id];
}

/** Drops a project's issues and comments (size limit) and remembers to load them again on use. */
export function evictIssues(state: SyncData, projectId: number, dirty?: Dirty) {
  for (const [key, i] of Object.entries(state.issues)) if (i.projectId === projectId) removeIssue(state, Number(key), dirty);
  state.evicted[projectId] = true;
}

/** Feed entities kept as they come, by id, in these tables. */
const PLAIN = { status: 'statuses', label: 'labels', user: 'users', custom_field: 'customFields', view: 'views', stream: 'streams', cycle: 'cycles', milestone: 'milestones' } as const;

/**
 * Applies one batch of the feed and moves the position to `syncId`. Returns the projects that
 * arrived with data but that the store does not hold: their contents come from `bootstrap?project=`.
 */
export function applyChanges(state: SyncData, changes: SyncChange[], syncId: number, dirty?: Dirty): number[] {
  const missing: number[] = [];
  for (const c of changes) {
    if (c.entity in PLAIN) {
      put(state, dirty, PLAIN[c.entity as keyof typeof PLAIN], c.id, c.data as never);
      continue;
    }
    switch (c.entity) {
      case 'project':
        if (c.data === null) removeProject(state, c.id, dirty);
        else {
          if (!state.projects[c.id]) {
            missing.push(c.id);
            // Its contents are still to come: marked like an evicted project, so a reload before
            // they arrive loads them on use instead of taking the bare row for the whole project.
            state.evicted[c.id] = true;
          }
          put(state, dirty, 'projects', c.id, c.data);
        }
        break;
      case 'member':
        put(state, dirty, 'members', memberKey(c.projectId, c.id), c.data);
        break;
      case 'issue':
        if (c.data === null) removeIssue(state, c.id, dirty);
        else if (!state.evicted[c.data.projectId]) put(state, dirty, 'issues', c.id, c.data);
        break;
      case 'comment':
        if (c.data && state.comments[c.id]?.issueId === c.data.issueId) {
          state.comments[c.id] = row(c.data); // an edit keeps its place
          dirty?.mark('comments', c.id, false);
          break;
        }
        removeComment(state, c.id, dirty);
        if (c.data) {
          state.comments[c.id] = row(c.data);
          (state.commentsByIssue[c.data.issueId] ??= []).push(c.id);
          dirty?.mark('comments', c.id, false);
        }
        break;
    }
  }
  state.syncId = syncId;
  return missing;
}
