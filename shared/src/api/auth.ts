import { z } from 'zod';
import { text } from './fields.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.ts';
import { LOCALES } from '../locales.ts';

// Messages are i18n keys (namespace `validation`) so web, bot and e-mails translate them.
export const email = text().trim().toLowerCase().max(EMAIL_MAX_LENGTH, 'validation.emailTooLong').pipe(z.email('validation.email'));
/**
 * A new password: long enough. Its strength (`checkPasswordStrength` in `../passwords.ts`) is checked
 * apart from the schema: it needs the user's e-mail and name, and the web app loads it lazily.
 */
export const newPassword = text().min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort').max(200, 'validation.passwordTooLong');

export const registerRequestSchema = z.object({
  email,
  password: newPassword,
  name: text().trim().min(1, 'validation.required').max(NAME_MAX_LENGTH, 'validation.nameTooLong'),
  locale: z.enum(LOCALES).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email,
  password: text().min(1, 'validation.required').max(200, 'validation.passwordTooLong'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
