import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { errorText } from '../../../lib/error-text.ts';
import { afterSignIn } from '../../../lib/safe-redirect.ts';
import { toast } from '../../../lib/toasts.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { auth, signedIn } from '../../../lib/auth.ts';
import { useSnapshot } from 'valtio';
import { telegramApi, widgetDataFromSearch } from '../../../lib/api/telegram.ts';

// Every refused widget sign-in is `telegram_auth_failed`, worded by the server in English only.
const WIDGET_ERRORS = { codes: { telegram_auth_failed: 'telegram.widgetFailed' }, fallback: 'telegram.widgetFailed' };

/** The Login Widget sent the browser back here with signed fields: sign in with them once. */
export function useWidgetReturn(): string | null {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const locale = useLocale();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const data = widgetDataFromSearch(search);
    if (!data) return;
    let live = true;
    telegramApi
      .widgetSignIn(data)
      .then(({ user }) => {
        if (!live) return;
        signedIn(user);
        toast({ title: t('auth.welcome', { name: user.name }), color: 'success' });
        navigate(afterSignIn(new URLSearchParams(search).get('redirect'), locale), { replace: true });
      })
      .catch((err: unknown) => live && setError(errorText(err, t, WIDGET_ERRORS)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per returned query
  }, [search]);
  return error;
}

/**
 * A private page sent a signed-out visitor here with `?redirect=`; once a session appears by other
 * means (the mini app's automatic sign-in reloads onto this page), continue to that page.
 */
export function useSignedInRedirect() {
  const { user } = useSnapshot(auth.state);
  const search = useSearch();
  const [, navigate] = useLocation();
  const locale = useLocale();
  const redirect = new URLSearchParams(search).get('redirect');
  useEffect(() => {
    if (user && redirect) navigate(afterSignIn(redirect, locale), { replace: true });
  }, [user, redirect, locale, navigate]);
}
