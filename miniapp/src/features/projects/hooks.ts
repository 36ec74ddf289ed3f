import { useCallback } from 'react';
import { matchRoute } from '@tracker/shared/routes';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ApiError } from '../../lib/http.ts';

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
