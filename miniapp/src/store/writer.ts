// The debounced writer: collects what batches changed and writes it to IndexedDB in one transaction
// a moment later, checking the size limit first (after a bootstrap, then at most once a minute).
import { snapshot } from 'valtio';
import { evictIssues } from './apply.ts';
import { Dirty } from './dirty.ts';
import { projectSizes, projectsToEvict, SIZE_LIMIT } from './evict.ts';
import { lastUsed } from './lru.ts';
import type { SyncState } from './model.ts';
import type { Persist } from './persist.ts';

const EVICT_CHECK_MS = 60_000;

export function createWriter(state: SyncState, o: { delay?: number; sizeLimit?: number }) {
  const dirty = new Dirty();
  let persist: Persist | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastEvictCheck = 0;
  let held = 0;
  let writing: Promise<unknown> = Promise.resolve();

  function schedule() {
    if (!persist || timer) return;
    timer = setTimeout(() => void flush(), o.delay ?? 500);
  }

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    // Nothing changed, nothing grew: no size to check either (a closing page's flush stays cheap).
    if (!persist || held || dirty.empty) return writing;
    const now = Date.now();
    if (dirty.all || now - lastEvictCheck > EVICT_CHECK_MS) {
      lastEvictCheck = now;
      for (const p of projectsToEvict(projectSizes(state), lastUsed(), o.sizeLimit ?? SIZE_LIMIT)) evictIssues(state, p, dirty);
    }
    if (dirty.empty) return writing;
    // One write at a time, in order: a whole store is written over many tasks, and a change written
    // between two of its batches would be put back by a later one.
    const taken = dirty.take();
    const to = persist;
    writing = writing.then(() => to.write(snapshot(state), taken, lastUsed())).catch(() => undefined);
    await writing;
  }

  return {
    dirty,
    /** Where to write; null: memory only. */
    use(p: Persist | null) {
      persist = p;
    },
    schedule,
    flush,
    /**
     * Runs `read` with writes held back: a bootstrap's pages are stored all together, never a first
     * page alone that a reload would take for the whole store.
     */
    async holding<T>(read: () => Promise<T>): Promise<T> {
      held++;
      try {
        return await read();
      } finally {
        held--;
        schedule();
      }
    },
    /** Drops what is pending (stop, wipe). */
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      dirty.take();
    },
  };
}
