// Optimistic writes (issue 14): an edit shows in the store in the same frame, then goes to the
// server in order, one at a time. A confirmation replaces the optimistic copy with the server's; a
// refusal (4xx) rolls the edit back and says why; no network (offline, 5xx, 429) keeps the edit
// queued — in IndexedDB with the store — and sends it when the connection returns. PATCHes carry
// the time of the edit, so the server applies each field with last-writer-wins and names the
// fields a later write kept (`Overridden-Fields`).
import { issues } from '@tracker/shared/api/contract/issues';
import type { BodyOf } from '@tracker/shared/api/contract/endpoint';
import { toListItem } from '@tracker/shared/api/issue-list-fields';
import type { IssueDetail, IssueListItem } from '@tracker/shared/api/issues';
import { createApi } from '../lib/api-client.ts';
import { refusalOf, type Http } from '../lib/http.ts';
import type { Dirty } from './dirty.ts';
import type { Persist } from './persist.ts';
import type { SyncState } from './model.ts';
import { hasEdits, withEdits, type OutboxEntry } from './outbox-model.ts';

const MAX_BACKOFF_MS = 30_000;

export interface EditResult {
  issue: IssueDetail;
  /** Fields a later write by someone else kept (API names). */
  overridden: string[];
}

export interface OutboxHandlers {
  /** The server refused an edit: it was rolled back. */
  onRejected?(entry: OutboxEntry, error: unknown): void;
  /** The edit was saved, but a later write kept these fields. */
  onOverridden?(entry: OutboxEntry, fields: string[]): void;
}

interface Deps {
  http: Pick<Http, 'request'>;
  dirty: Dirty;
  scheduleWrite(): void;
  handlers: OutboxHandlers;
  /** A 401: the session is gone, or is another account's (the engine tells which by its code). */
  onSignedOut(err: unknown): void;
  /** Where each pending edit is kept on disk, one record each (null: memory only). */
  journal(): Pick<Persist, 'putEdit' | 'deleteEdit'> | null;
}

/** A refusal the same request would get again: the edit is dropped. */
function refused(err: unknown): boolean {
  const status = refusalOf(err)?.status ?? 0;
  return status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}

let counter = 0;
let lastSeq = 0;
const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now() * 1000));
const newId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${++counter}`;

export function createOutbox(state: SyncState, d: Deps) {
  const waiting = new Map<string, { resolve(r: EditResult): void; reject(err: unknown): void }>();
  let running = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let backoff = 1_000;
  let stopped = false;
  // The journal's writes in flight: `saved()` waits for them (a closing page, tests).
  let writes: Promise<unknown> = Promise.resolve();
  const journaled = (write: Promise<void> | undefined) => {
    if (write) writes = Promise.all([writes, write.catch(() => undefined)]);
  };

  /** Shows the issue as its confirmed copy (newest of ours and the server's answer) plus what is still pending. */
  function settle(entry: OutboxEntry, answer?: IssueListItem) {
    const at = state.outbox.findIndex((e) => e.id === entry.id);
    if (at >= 0) state.outbox.splice(at, 1);
    journaled(d.journal()?.deleteEdit(entry.id));
    const id = entry.issueId;
    const held = state.confirmed[id];
    const base = answer && (!held || Date.parse(answer.updatedAt) >= Date.parse(held.updatedAt)) ? answer : held;
    if (hasEdits(state.outbox, id)) {
      if (base) state.confirmed[id] = base;
    } else delete state.confirmed[id];
    if (base && state.issues[id]) state.issues[id] = withEdits(base, state.outbox);
    d.dirty.mark('issues', id, false);
    d.scheduleWrite();
  }

  async function send(entry: OutboxEntry): Promise<EditResult> {
    let overridden: string[] = [];
    const onResponse = (res: Response) => {
      overridden = (res.headers.get('overridden-fields') ?? '').split(',').map((f) => f.trim()).filter(Boolean);
    };
    // The queued body is a stored record (outbox-model.ts checks its shape); the server validates the fields.
    const { api } = createApi(d.http);
    const res =
      entry.kind === 'update'
        ? await api(issues.update, { params: { ref: entry.issueId }, body: { ...entry.body, editedAt: entry.editedAt } as BodyOf<typeof issues.update>, onResponse })
        : await api(issues.move, { params: { id: entry.issueId }, body: entry.body as BodyOf<typeof issues.move>, onResponse });
    return { issue: res.issue, overridden };
  }

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void run(), backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }

  /** Sends what is queued, in order, until it is empty or the network fails. */
  async function run() {
    if (running || stopped) return;
    running = true;
    clearTimeout(retryTimer);
    try {
      while (!stopped && state.outbox.length > 0) {
        if (globalThis.navigator?.onLine === false) return; // `online` calls run again
        const entry = JSON.parse(JSON.stringify(state.outbox[0])) as OutboxEntry;
        let result: EditResult;
        try {
          result = await send(entry);
        } catch (err) {
          if (stopped) return;
          if (refused(err)) {
            settle(entry);
            d.handlers.onRejected?.(entry, err);
            waiting.get(entry.id)?.reject(err);
            waiting.delete(entry.id);
            continue;
          }
          if (refusalOf(err)?.status === 401) return d.onSignedOut(err);
          return retryLater();
        }
        backoff = 1_000;
        settle(entry, toListItem(result.issue));
        if (result.overridden.length) d.handlers.onOverridden?.(entry, result.overridden);
        waiting.get(entry.id)?.resolve(result);
        waiting.delete(entry.id);
      }
    } finally {
      running = false;
    }
  }

  /** Shows the edit at once and queues it; resolves with the server's answer, rejects on refusal. */
  function add(kind: OutboxEntry['kind'], issueId: number, body: Record<string, unknown>, optimistic: Partial<IssueListItem>): Promise<EditResult> {
    const entry: OutboxEntry = { id: newId(), kind, issueId, body, optimistic, editedAt: new Date().toISOString(), seq: nextSeq() };
    const current = state.issues[issueId];
    if (current && !hasEdits(state.outbox, issueId)) state.confirmed[issueId] = current;
    // On disk at once, not with the debounced write: an edit made offline must outlive the tab. A
    // plain copy: what the caller passed may hold the store's proxies, which cannot be cloned.
    journaled(d.journal()?.putEdit(JSON.parse(JSON.stringify(entry)) as OutboxEntry));
    state.outbox.push(entry);
    const base = state.confirmed[issueId];
    if (base) {
      state.issues[issueId] = withEdits(base, state.outbox);
      d.dirty.mark('issues', issueId, false);
    }
    d.scheduleWrite();
    const result = new Promise<EditResult>((resolve, reject) => waiting.set(entry.id, { resolve, reject }));
    void run();
    return result;
  }

  return {
    add,
    run,
    /** Resolves once every pending edit written so far is on disk. */
    saved: () => writes.then(() => undefined),
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      for (const w of waiting.values()) w.reject(new Error('signed out'));
      waiting.clear();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
