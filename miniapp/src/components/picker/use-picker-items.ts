// What the open picker lists for a query: its own options filtered here, or a search (`load`) asked
// after a short pause, where only the latest answer counts.
import { useEffect, useRef, useState } from 'react';
import { filterItems } from './filter.ts';
import type { PickerItem } from './types.ts';

export interface Source<T extends PickerItem> {
  items?: readonly T[];
  load?: (query: string) => Promise<T[]>;
  /** A search asks nothing below this many characters. */
  minChars?: number;
}

export function usePickerItems<T extends PickerItem>({ items, load, minChars = 0 }: Source<T>, query: string) {
  const [found, setFound] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const q = query.trim();

  useEffect(() => {
    if (!load) return;
    const n = ++seq.current;
    if (q.length < minChars) {
      setFound([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      load(q)
        .then((list) => n === seq.current && setFound(list))
        .catch(() => n === seq.current && setFound([]))
        .finally(() => n === seq.current && setLoading(false));
    }, 150);
    return () => clearTimeout(timer);
    // `load` is a new function on every render of its owner; the query drives the search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, minChars]);

  return load ? { list: found, loading } : { list: filterItems(items ?? [], q), loading: false };
}
