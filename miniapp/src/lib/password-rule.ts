// The shared password rule, loaded on demand: its dictionaries (~1 MB) are a chunk of their own,
// fetched when a new-password field is first focused, never with the first page load.
import type { PasswordStrength } from '@tracker/shared/passwords';
import { ApiError } from './http.ts';

type Rule = typeof import('@tracker/shared/passwords');
let pending: Promise<Rule> | undefined;

export function loadPasswordRule(): Promise<Rule> {
  pending ??= import('@tracker/shared/passwords').catch((err: unknown) => {
    pending = undefined;
    throw err;
  });
  return pending;
}

/** Checks before sending; null when the rule could not load (the server checks anyway). */
export async function checkNewPassword(password: string, user: { email?: string | null; name?: string | null }): Promise<PasswordStrength | null> {
  try {
    const rule = await loadPasswordRule();
    return rule.checkPasswordStrength(password, rule.passwordUserInputs(user));
  } catch {
    return null;
  }
}

/** i18n keys of why a password is weak and what to do, warning first. */
export const strengthKeys = (s: PasswordStrength): string[] => [
  ...(s.warning ? [`account.passwordStrength.warnings.${s.warning}`] : []),
  ...s.suggestions.map((k) => `account.passwordStrength.suggestions.${k}`),
];

/** The server's reasons of a 400 weak_password, already in the reader's language. */
export function weakPasswordReasons(err: unknown): string[] | undefined {
  if (!(err instanceof ApiError) || err.data.code !== 'weak_password') return undefined;
  const { warning, suggestions } = err.data as { warning?: unknown; suggestions?: unknown };
  return [warning, ...(Array.isArray(suggestions) ? suggestions : [])].filter((x): x is string => typeof x === 'string' && x !== '');
}
