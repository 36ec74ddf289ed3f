import { useCallback, useEffect, useRef, useState } from 'react';
import { matchRoute } from '@tracker/shared/routes';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ApiError } from '../../lib/http.ts';

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

/** Text for an error the server sent (its code translated when known), or the network message. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (err: unknown): string => {
      if (!(err instanceof ApiError)) return t('errors.network');
      const code = err.data.code ? `errors.codes.${err.data.code}` : null;
      const issue = err.data.issues?.[0]?.message;
      if (issue && i18n.exists(issue)) return t(issue);
      if (code && i18n.exists(code)) return t(code);
      return err.data.statusMessage || err.statusMessage || t('errors.codes.internal');
    },
    [t, i18n],
  );
}

/** The `:id` of the current route (`/projects/WEB`, `/en/streams/12`). */
export function useRouteId(): string {
  const [location] = useLocation();
  return matchRoute(location)?.params.id ?? '';
}
