import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http.ts';

/** The server's reason in words: a field message, a translated error code, or its status message. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (err: unknown): string => {
      if (!(err instanceof ApiError)) return t('errors.network');
      const issue = err.data.issues?.[0]?.message;
      if (issue && i18n.exists(issue)) return t(issue);
      const code = err.data.code ? `errors.codes.${err.data.code}` : null;
      if (code && i18n.exists(code) && err.data.code !== 'validation') return t(code);
      return err.data.statusMessage || err.statusMessage || t('errors.codes.internal');
    },
    [t, i18n],
  );
}
