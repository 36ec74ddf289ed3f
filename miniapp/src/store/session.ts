// The app's one engine: started for the signed-in user, replaced when another signs in, wiped on
// sign-out. The state object stays the same across users, so screens subscribe to it once.
import { toListItem } from '@tracker/shared/api/issue-list-fields';
import type { IssueDetail, IssueListItem } from '@tracker/shared/api/issues';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './engine.ts';
import { subscribe } from 'valtio';
import { clearData, createSyncState, type SyncState } from './model.ts';
import { loadStored, type Persist } from './persist.ts';
import type { EarlyRead } from './store-db.ts';
import { writeRows, type RowWrite } from './write-rows.ts';

const state = createSyncState();
let engine: SyncEngine | null = null;
let userId: number | null = null;
let preloaded: { user: number; persist: Promise<Persist | null> } | null = null;

/** The store every screen reads (empty until `startSync`). */
export const syncState = (): SyncState => state;
export const syncEngine = (): SyncEngine | null => engine;

/**
 * Reads the user's IndexedDB store as soon as the page knows who is signed in (the page's boot
 * data), before React's first render: a reload shows the stored rows at once. `early`: the raw read
 * the entry started (store-db.ts). `startSync` then carries on from what this read.
 */
export function preloadSync(user: number, early: EarlyRead | null = null) {
  if (engine || preloaded || typeof indexedDB === 'undefined') return;
  state.status = 'loading';
  preloaded = { user, persist: loadStored(user, state, early) };
}

/** Resolves once the store's IndexedDB read is over (at once when it is not reading). */
export function whenStoreRead(): Promise<void> {
  if (state.status !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribe(state, () => {
      if (state.status === 'loading') return;
      stop();
      resolve();
    });
  });
}

/** Starts syncing for `user` (no-op when already running for them); resolves once IndexedDB is read. */
export async function startSync(user: number, options: Omit<SyncEngineOptions, 'userId' | 'state'> = {}): Promise<SyncEngine> {
  if (engine && userId === user) return engine;
  engine?.stop();
  const early = preloaded?.user === user ? preloaded.persist : null;
  if (early) preloaded = null;
  else {
    await dropPreloaded();
    // Another account signed in on this tab: nothing of the previous one may show.
    clearData(state);
    state.status = 'idle';
  }
  userId = user;
  engine = createSyncEngine({ ...options, userId: user, state, preloaded: early ?? undefined });
  await engine.start();
  return engine;
}

/** An early read no engine took over (another user signed in, or this one signed out): closed once read. */
async function dropPreloaded(wipe = false) {
  const p = preloaded;
  preloaded = null;
  const persist = await p?.persist;
  if (wipe) await persist?.wipe();
  else persist?.close();
}

export function stopSync() {
  engine?.stop();
  engine = null;
  userId = null;
}

/**
 * Another account took the session over (issue 25: webviews sharing cookies): this user's store
 * leaves memory, but stays on disk with its queued edits, which wait for this user's next session.
 */
export function setAsideSync() {
  stopSync();
  void dropPreloaded();
  clearData(state);
  state.status = 'idle';
}

/** Sign-out: the user's store leaves memory and the disk (a shared computer). */
export async function signOutSync() {
  const e = engine;
  engine = null;
  userId = null;
  await e?.wipe();
  if (preloaded) {
    await dropPreloaded(true);
    clearData(state);
    state.status = 'idle';
  }
}

/**
 * An optimistic issue edit through the running engine (see outbox.ts); null when no engine runs
 * (before the store opens: the caller says it could not save).
 */
export const editIssue = (issueId: number, body: Record<string, unknown>, optimistic: Partial<IssueListItem>) => engine?.edit(issueId, body, optimistic) ?? null;
export const moveIssueOptimistic = (issueId: number, body: { statusId: number; beforeId: number | null; afterId: number | null }, optimistic: Partial<IssueListItem>) =>
  engine?.move(issueId, body, optimistic) ?? null;

/**
 * The store's other write: sent at once, not queued, for what must be settled while the user is
 * there — a text edit carrying `baseVersion` (the outbox's last-writer-wins would overwrite someone's
 * newer text; a conflict is shown beside the field), relations, watching. The issue `call` answers
 * with joins the store, so every screen shows it; a refusal is thrown to the caller.
 */
export async function writeIssueNow<T extends IssueDetail | void>(call: () => Promise<T>): Promise<T> {
  const issue = await call();
  if (issue) engine?.remember([toListItem(issue)]);
  return issue;
}

/**
 * A change to a project's own rows (details, statuses, labels, members) through the store: shown at
 * once, joined by the answer, rolled back on refusal, which is thrown to the caller (write-rows.ts).
 */
export const writeStoreRows = <T>(write: RowWrite<T>): Promise<T> => writeRows(state, write);
