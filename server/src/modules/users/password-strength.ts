// New passwords (sign-up, reset, change) must pass the shared strength rule; a refusal says why in
// the reader's language: 400 weak_password, with zxcvbn's warning and suggestions in `data`.
import { PASSWORD_MIN_SCORE } from '@tracker/shared/limits';
import { checkPasswordStrength, passwordUserInputs } from '@tracker/shared/passwords';
import type { Context } from 'koa';
import { HttpError } from '../../http/errors.ts';
import { requestLocale, translate } from '../mail/i18n.ts';

export function assertStrongPassword(ctx: Context, password: string, owner: { email?: string | null; name?: string | null; locale?: string | null }): void {
  const strength = checkPasswordStrength(password, passwordUserInputs(owner));
  if (strength.ok) return;
  const locale = requestLocale(ctx, (ctx.state.user as { locale?: string } | undefined)?.locale ?? owner.locale);
  const text = (key: string) => translate(locale, `account.passwordStrength.${key}`);
  throw new HttpError(400, translate(locale, 'account.errors.weakPassword'), 'weak_password', {
    field: 'password',
    score: strength.score,
    minScore: PASSWORD_MIN_SCORE,
    warning: strength.warning && text(`warnings.${strength.warning}`),
    suggestions: strength.suggestions.map((key) => text(`suggestions.${key}`)),
    reasons: { warning: strength.warning, suggestions: strength.suggestions },
  });
}
