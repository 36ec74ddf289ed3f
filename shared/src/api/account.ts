// Accounts (spec §2, §3, §7): reminders, e-mail and phone confirmation, password recovery, profiles.
import { z } from 'zod';
import { text } from './fields.ts';
import { NAME_MAX_LENGTH, SMS_CODE_LENGTH } from '../limits.ts';
import { LOCALES } from '../locales.ts';
import { email, newPassword } from './auth.ts';
import { userSchema } from './users.ts';

/** GET /api/user/email-confirm-reminder */
export const emailReminderResponseSchema = z.object({ canShow: z.boolean() });
export type EmailReminderResponse = z.infer<typeof emailReminderResponseSchema>;

/** GET /api/user/phone-confirm-reminder — reason and nextShow are for debug logging only. */
export const phoneReminderResponseSchema = z.object({ canShow: z.boolean(), reason: z.string(), nextShow: z.string().nullable() });
export type PhoneReminderResponse = z.infer<typeof phoneReminderResponseSchema>;

/** POST /api/user/verify-phone-code — exactly six digits (spec §5). */
export const smsCodeSchema = text().regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'validation.smsCode');
export const verifyPhoneCodeRequestSchema = z.object({ code: smsCodeSchema });
export type VerifyPhoneCodeRequest = z.infer<typeof verifyPhoneCodeRequestSchema>;

const token = text().trim().min(1, 'validation.required').max(200, 'validation.tooLong');

/** POST /api/user/confirm-email */
export const confirmEmailRequestSchema = z.object({ token });
export const confirmEmailResponseSchema = z.object({ email: z.string() });

/** POST /api/user/restore-email — the token from the mail the old address got when the e-mail changed. */
export const restoreEmailRequestSchema = z.object({ token });
/** The address the account has again. */
export const restoreEmailResponseSchema = z.object({ email: z.string() });

/** POST /api/auth/recover-password — always 204, whether or not the e-mail is known. */
export const recoverPasswordRequestSchema = z.object({ email });
export type RecoverPasswordRequest = z.infer<typeof recoverPasswordRequestSchema>;

/** POST /api/auth/reset-password */
export const resetPasswordRequestSchema = z.object({ token, password: newPassword });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /api/user/change-password/:id — the current password is required for one's own account. */
export const changePasswordRequestSchema = z.object({
  currentPassword: text().max(200, 'validation.passwordTooLong').optional(),
  password: newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * A phone number normalised to E.164. Russian habits are accepted: a leading 8 or 7 on an
 * 11-digit number means +7. Empty means "no phone".
 */
export function normalizePhone(input: string): string | null {
  const raw = input.trim();
  if (!raw) return '';
  if (!/^\+?[\d\s().-]+$/.test(raw)) return null;
  const digits = raw.replace(/\D/g, '');
  let e164: string;
  if (raw.startsWith('+')) e164 = `+${digits}`;
  else if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7'))) e164 = `+7${digits.slice(1)}`;
  else if (digits.length === 10 && digits.startsWith('9')) e164 = `+7${digits}`;
  else return null;
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : null;
}

export const phoneSchema = text()
  .max(32, 'validation.phone')
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: 'validation.phone' });
      return z.NEVER;
    }
    return phone;
  });

/** PATCH /api/user/profile → { user } */
export const profileUpdateRequestSchema = z.object({
  name: text().trim().min(1, 'validation.required').max(NAME_MAX_LENGTH, 'validation.nameTooLong').optional(),
  email: email.optional(),
  /** '' removes the phone. */
  phone: phoneSchema.optional(),
  locale: z.enum(LOCALES).optional(),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** GET /api/users/:id — another user's public page: no e-mail, no phone. */
export const publicUserSchema = z.object({ id: z.number().int(), name: z.string(), avatar_url: z.string().nullable(), created_at: z.string() });
export const commonProjectSchema = z.object({ id: z.number().int(), key: z.string(), name: z.string(), color: z.string() });
export const publicUserResponseSchema = z.object({ user: publicUserSchema, commonProjects: z.array(commonProjectSchema) });
export type PublicUserResponse = z.infer<typeof publicUserResponseSchema>;

export const userResponseSchema = z.object({ user: userSchema });
