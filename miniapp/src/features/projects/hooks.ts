import type { MeResponse } from '@tracker/shared/api/users';
import { useCallback, useEffect, useRef, useState } from 'react';
import { matchRoute } from '@tracker/shared/routes';
import { useLocation } from 'wouter';
import { currentUser } from './api.ts';

export interface Resource<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
  setData: (next: T | ((prev: T | null) => T | null)) => void;
}

/** Loads `load()` on mount and whenever `key` changes; `reload` refetches quietly (no spinner). */
export function useResource<T>(load: () => Promise<T>, key: string): Resource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(load);
  latest.current = load;
  const seq = useRef(0);

  const fetchNow = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const value = await latest.current();
      if (mine !== seq.current) return;
      setData(value);
      setError(null);
    } catch (err) {
      if (mine === seq.current) setError(err);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    setLoading(true);
    setData(null);
    void fetchNow();
  }, [key, fetchNow]);

  return { data, error, loading, reload: fetchNow, setData: setData as Resource<T>['setData'] };
}

/** The signed-in user (id, global roles); null until known. */
export function useMe(): MeResponse['user'] | null {
  const [me, setMe] = useState<MeResponse['user'] | null>(null);
  useEffect(() => {
    let live = true;
    void currentUser().then((u) => live && setMe(u));
    return () => {
      live = false;
    };
  }, []);
  return me;
}

/** The `:id` of the current route (`/projects/WEB`, `/en/streams/12`). */
export function useRouteId(): string {
  const [location] = useLocation();
  return matchRoute(location)?.params.id ?? '';
}
