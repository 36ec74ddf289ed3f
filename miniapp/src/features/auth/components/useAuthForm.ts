import type { MeResponse } from '@tracker/shared/api/users';
import { useState } from 'react';
import type { DefaultValues, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { weakPasswordReasons } from '../../../lib/password-rule.ts';
import { afterSignIn } from '../../../lib/safe-redirect.ts';
import { toast } from '../../../lib/toasts.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { signedIn } from '../../../lib/auth.ts';

/**
 * Shared flow of the sign-in and sign-up forms: the shared schema validates, `precheck` (e.g. the
 * lazily loaded password rule) may refuse the password with a message key, then send, sign in, go on.
 */
export function useAuthForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  send: (data: z.output<S>) => Promise<MeResponse>,
  precheck?: (data: z.output<S>) => Promise<string | null>,
) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const locale = useLocale();
  const form = useServerForm(schema, defaults);
  const [serverReasons, setServerReasons] = useState<string[]>();

  const onSubmit = form.submit(
    async (data) => {
      setServerReasons(undefined);
      const refused = precheck ? await precheck(data) : null;
      if (refused) return form.setError('password' as FieldPath<z.input<S>>, { type: 'weak', message: refused });
      const { user } = await send(data);
      signedIn(user);
      toast({ title: t('auth.welcome', { name: user.name }), color: 'success' });
      navigate(afterSignIn(new URLSearchParams(search).get('redirect'), locale), { replace: true });
    },
    (err) => setServerReasons(weakPasswordReasons(err)),
  );

  return { form, onSubmit, errorFor: form.errorFor, formError: form.formError, pending: form.formState.isSubmitting, serverReasons };
}
