// What changed since the last write to IndexedDB: keys to put or delete per entity table, or
// "everything" after a bootstrap. Collected while applying, drained by the debounced writer.
export const TABLES = ['projects', 'statuses', 'labels', 'members', 'users', 'issues', 'comments', 'customFields', 'views', 'streams', 'cycles', 'milestones'] as const;
export type Table = (typeof TABLES)[number];
type Key = number | string;

export class Dirty {
  all = false;
  readonly put = new Map<Table, Set<Key>>();
  readonly del = new Map<Table, Set<Key>>();

  mark(table: Table, key: Key, gone: boolean) {
    if (this.all) return;
    const [into, from] = gone ? [this.del, this.put] : [this.put, this.del];
    from.get(table)?.delete(key);
    let keys = into.get(table);
    if (!keys) into.set(table, (keys = new Set()));
    keys.add(key);
  }

  everything() {
    this.all = true;
    this.put.clear();
    this.del.clear();
  }

  get empty() {
    return !this.all && this.put.size === 0 && this.del.size === 0;
  }

  /** Hands the collected work over and starts afresh. */
  take(): Dirty {
    const taken = new Dirty();
    taken.all = this.all;
    for (const [t, k] of this.put) taken.put.set(t, k);
    for (const [t, k] of this.del) taken.del.set(t, k);
    this.all = false;
    this.put.clear();
    this.del.clear();
    return taken;
  }
}
