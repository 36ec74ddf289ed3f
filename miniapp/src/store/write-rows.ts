// The store's write for its rows other than issues: a project's own (details, statuses, labels,
// members), saved views and custom fields. Shown at once, sent at once (not queued: a settings change
// is made while the user watches), joined by the answer, and rolled back on refusal. Issue edits have
// the outbox (outbox.ts) and writeIssueNow instead.
import type { UserRef } from '@tracker/shared/api/common';
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { SavedView } from '@tracker/shared/api/issues';
import type { SyncLabel, SyncMember, SyncProject, SyncStatus } from '@tracker/shared/api/sync';
import type { SyncData } from './model.ts';

/** Rows to put (a value) or remove (null), per table; members are keyed `projectId:userId`. */
export interface RowPatch {
  projects?: Record<number, SyncProject | null>;
  statuses?: Record<number, SyncStatus | null>;
  labels?: Record<number, SyncLabel | null>;
  members?: Record<string, SyncMember | null>;
  users?: Record<number, UserRef | null>;
  views?: Record<number, SavedView | null>;
  customFields?: Record<number, CustomField | null>;
}

type Table = keyof RowPatch;
const TABLES: readonly Table[] = ['projects', 'statuses', 'labels', 'members', 'users', 'views', 'customFields'];

export interface RowWrite<T> {
  /** What the change looks like before the server answers. */
  optimistic?: RowPatch;
  call: () => Promise<T>;
  /** The answer as rows: what the server made of it (a created row's id, a whole new order). */
  settled?: (answer: T) => RowPatch;
}

type Rows = Record<string | number, unknown>;

/** Puts the patch into the store and returns what it replaced (undefined: there was no row). */
function apply(state: SyncData, patch: RowPatch): Map<Table, Map<string, unknown>> {
  const before = new Map<Table, Map<string, unknown>>();
  for (const table of TABLES) {
    const rows = state[table] as Rows;
    const changes = Object.entries(patch[table] ?? {});
    if (!changes.length) continue;
    const replaced = new Map<string, unknown>();
    for (const [key, value] of changes) {
      replaced.set(key, rows[key] === undefined ? undefined : plain(rows[key]));
      if (value === null) delete rows[key];
      else rows[key] = value;
    }
    before.set(table, replaced);
  }
  return before;
}

// A valtio proxy cannot be structured-cloned; its rows are plain data, so JSON gives a copy.
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Shows `optimistic` at once, then sends `call`. Its answer joins the store (`settled`); a refusal
 * puts back every row the optimistic change replaced — unless the change feed has meanwhile brought
 * a newer state of it — and is thrown to the caller, which words it (a toast, or a form's fields).
 */
export async function writeRows<T>(state: SyncData, write: RowWrite<T>): Promise<T> {
  const optimistic = write.optimistic ?? {};
  const before = apply(state, optimistic);
  let answer: T;
  try {
    answer = await write.call();
  } catch (err) {
    for (const [table, replaced] of before) {
      const rows = state[table] as Rows;
      const shown = optimistic[table] as Record<string, unknown>;
      for (const [key, value] of replaced) {
        if (!same(rows[key], shown[key])) continue;
        if (value === undefined) delete rows[key];
        else rows[key] = value;
      }
    }
    throw err;
  }
  if (write.settled) apply(state, write.settled(answer));
  return answer;
}

/** A row the server has not numbered yet: negative, so it never meets a real id. */
let temporary = 0;
export const temporaryId = () => --temporary;
