// Typed calls of the account area (spec §7 plus profile, password and recovery calls). Answers
// carry statusMessage in the page's language: the page's language goes as Accept-Language.
import type {
  ChangePasswordRequest,
  EmailReminderResponse,
  PhoneReminderResponse,
  ProfileUpdateRequest,
  PublicUserResponse,
  RecoverPasswordRequest,
  ResetPasswordRequest,
} from '@tracker/shared/api/account';
import type { MeResponse } from '@tracker/shared/api/users';
import type { Locale } from '@tracker/shared/locales';
import { http } from '../../lib/http.ts';
import { log } from '../../lib/logger.ts';
import { auth, signedIn } from '../auth/index.ts';

const lang = () => ({ 'accept-language': document.documentElement.lang || 'ru' });

export const accountApi = {
  emailReminder: () => http.get<EmailReminderResponse>('/api/user/email-confirm-reminder', { headers: lang() }),
  resendConfirmEmail: () => http.post<void>('/api/user/resend-confirm-email', undefined, { headers: lang() }),
  phoneReminder: () => http.get<PhoneReminderResponse>('/api/user/phone-confirm-reminder', { headers: lang() }),
  sendPhoneCode: () => http.post<void>('/api/user/send-phone-confirm-code', undefined, { headers: lang() }),
  verifyPhoneCode: (code: string) => http.post<MeResponse>('/api/user/verify-phone-code', { code }, { headers: lang() }),
  confirmEmail: (token: string) => http.post<{ email: string }>('/api/user/confirm-email', { token }, { headers: lang() }),
  recoverPassword: (body: RecoverPasswordRequest) => http.post<void>('/api/auth/recover-password', body, { headers: lang() }),
  resetPassword: (body: ResetPasswordRequest) => http.post<MeResponse>('/api/auth/reset-password', body, { headers: lang() }),
  changePassword: (id: number, body: ChangePasswordRequest) => http.post<void>(`/api/user/change-password/${id}`, body, { headers: lang() }),
  updateProfile: (body: ProfileUpdateRequest) => http.request<MeResponse>('/api/user/profile', { method: 'PATCH', body, headers: lang() }),
  /** Raw body (the image itself) through the one client, which carries the session header. */
  uploadAvatar: (file: File) => http.upload<MeResponse>('/api/user/avatar', file, { headers: lang() }),
  removeAvatar: () => http.request<MeResponse>('/api/user/avatar', { method: 'DELETE', headers: lang() }),
  publicUser: (id: number) => http.get<PublicUserResponse>(`/api/users/${id}`, { headers: lang() }),
};

/** What a failed call shows: the server's statusMessage, or the given fallback (spec §8). */
export function messageOf(err: unknown, fallback: string): string {
  const e = err as { statusMessage?: unknown; data?: { statusMessage?: unknown } };
  const text = (typeof e?.data?.statusMessage === 'string' && e.data.statusMessage) || (typeof e?.statusMessage === 'string' && e.statusMessage);
  return text || fallback;
}

/** A signed-in user's language switch is their account's choice: the bot and the mini app follow it. */
export function saveAccountLocale(locale: Locale): void {
  if (!auth.state.user || auth.state.user.locale === locale) return;
  accountApi.updateProfile({ locale }).then(
    (res) => signedIn(res.user),
    (err: unknown) => log.warn('language not saved to the account', err),
  );
}
