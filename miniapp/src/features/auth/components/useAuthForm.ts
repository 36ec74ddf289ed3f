import type { MeResponse } from '@tracker/shared/api/users';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { weakPasswordReasons } from '../../../lib/password-rule.ts';
import { afterSignIn } from '../../../lib/safe-redirect.ts';
import { toast } from '../../../lib/toasts.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { signedIn } from '../api.ts';
import { fieldErrorsFrom, formErrorsFrom, type FieldErrors } from '../../../lib/form-errors.ts';

/**
 * Shared flow of the sign-in and sign-up forms: validate with the shared schema (and `precheck`,
 * e.g. the lazily loaded password rule), send, sign in, go on.
 */
export function useAuthForm<S extends z.ZodType>(
  schema: S,
  fields: readonly string[],
  send: (data: z.output<S>) => Promise<MeResponse>,
  precheck?: (data: z.output<S>) => Promise<FieldErrors | null>,
) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const locale = useLocale();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [serverReasons, setServerReasons] = useState<string[]>();

  const message = (key: string) => (i18n.exists(key) ? t(key) : t('validation.invalid'));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const values: Record<string, string> = { locale };
    for (const [key, value] of new FormData(e.currentTarget)) values[key] = String(value);
    const parsed = schema.safeParse(values);
    setFormError(null);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFrom(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    setServerReasons(undefined);
    setPending(true);
    const refused = precheck ? await precheck(parsed.data) : null;
    if (refused) {
      setFieldErrors(refused);
      setPending(false);
      return;
    }
    try {
      const { user } = await send(parsed.data);
      signedIn(user);
      toast({ title: t('auth.welcome', { name: user.name }), color: 'success' });
      navigate(afterSignIn(new URLSearchParams(search).get('redirect'), locale), { replace: true });
    } catch (err) {
      setServerReasons(weakPasswordReasons(err));
      const state = formErrorsFrom(err, fields);
      setFieldErrors(state.fields);
      setFormError(state.form ? (state.form.raw ? state.form.key : message(state.form.key)) : null);
      setPending(false);
    }
  }

  const errorFor = (field: string) => (fieldErrors[field] ? message(fieldErrors[field]) : undefined);
  return { onSubmit, errorFor, formError, pending, serverReasons };
}
