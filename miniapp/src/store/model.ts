// The client store's shape (issue 14): every entity once, by id, so a list, the board and the
// issue page read the same object. Plain records (not Maps) so valtio tracks them without helpers.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { Comment, IssueListItem, SavedView } from '@tracker/shared/api/issues';
import type { UserRef } from '@tracker/shared/api/common';
import type { Cycle } from '@tracker/shared/api/cycles';
import type { Milestone } from '@tracker/shared/api/milestones';
import type { SyncLabel, SyncMember, SyncProject, SyncStatus, SyncStream } from '@tracker/shared/api/sync';
import { proxy, ref } from 'valtio';
import type { OutboxEntry } from './outbox-model.ts';

/** `loading`: reading IndexedDB (a moment; screens wait); `bootstrapping`: the first bootstrap (screens ask the API meanwhile). */
export type SyncStatusName = 'idle' | 'loading' | 'bootstrapping' | 'live' | 'offline' | 'expired';

export interface SyncData {
  projects: Record<number, SyncProject>;
  statuses: Record<number, SyncStatus>;
  labels: Record<number, SyncLabel>;
  /** Keyed `projectId:userId`. */
  members: Record<string, SyncMember>;
  users: Record<number, UserRef>;
  issues: Record<number, IssueListItem>;
  comments: Record<number, Comment>;
  /** Active custom-field definitions that apply to a project the user sees. */
  customFields: Record<number, CustomField>;
  /** The user's saved views and those shared with their projects. */
  views: Record<number, SavedView>;
  /** Every stream, by name and status. */
  streams: Record<number, SyncStream>;
  /** The projects' cycles and milestones (issue 29). */
  cycles: Record<number, Cycle>;
  milestones: Record<number, Milestone>;
  /** Comment ids per issue id, in arrival order. */
  commentsByIssue: Record<number, number[]>;
  /** Projects whose issues are not held (evicted for size, or just gained and still loading): they load on use. */
  evicted: Record<number, true>;
  /** Edits not yet confirmed by the server, oldest first (`outbox.ts`); `issues` shows them applied. */
  outbox: OutboxEntry[];
  /** The server's own copy of each issue with edits in the outbox (what a refusal rolls back to). */
  confirmed: Record<number, IssueListItem>;
  /** The log position the data is consistent with; null before the first bootstrap. */
  syncId: number | null;
}

export interface SyncState extends SyncData {
  status: SyncStatusName;
}

export const memberKey = (projectId: number, userId: number) => `${projectId}:${userId}`;

export function emptyData(): SyncData {
  return { projects: {}, statuses: {}, labels: {}, members: {}, users: {}, issues: {}, comments: {}, customFields: {}, views: {}, streams: {}, cycles: {}, milestones: {}, commentsByIssue: {}, evicted: {}, outbox: [], confirmed: {}, syncId: null };
}

/** A fresh valtio store. One per signed-in user; tests create their own. */
export function createSyncState(): SyncState {
  return proxy<SyncState>({ ...emptyData(), status: 'idle' });
}

/** Empties the store in place (subscribers keep their proxy). */
export function clearData(state: SyncData) {
  Object.assign(state, emptyData());
}

/**
 * Issues and comments are values: a change replaces the whole object, never a field of it. Kept as
 * valtio refs, they are neither proxied nor copied into each snapshot — with thousands of issues,
 * proxying them made a reload from IndexedDB take a second on a slow phone. Screens still re-render,
 * as the table's key changes.
 */
export const row = <T extends object>(value: T): T => ref(value);

/** Marks the loaded rows as values (see `row`). */
export function asRows(data: SyncData): SyncData {
  for (const key of Object.keys(data.issues)) data.issues[Number(key)] = row(data.issues[Number(key)]!);
  for (const key of Object.keys(data.comments)) data.comments[Number(key)] = row(data.comments[Number(key)]!);
  for (const key of Object.keys(data.confirmed)) data.confirmed[Number(key)] = row(data.confirmed[Number(key)]!);
  return data;
}
