// Typed calls of the account area (spec §7 plus profile, password and recovery calls). Answers
// carry statusMessage in the page's language: the page's language goes as Accept-Language.
import type { ChangePasswordRequest, ProfileUpdateRequest, RecoverPasswordRequest, ResetPasswordRequest } from '@tracker/shared/api/account';
import { account, session, telegram } from '@tracker/shared/api/contract/session';
import type { NotificationSettings } from '@tracker/shared/api/notifications';
import { api, apiUpload } from '../api-client.ts';
import type { Locale } from '@tracker/shared/locales';
import { log } from '../logger.ts';
import { auth, signedIn } from '../auth.ts';

const lang = () => ({ 'accept-language': document.documentElement.lang || 'ru' });

export const accountApi = {
  emailReminder: () => api(account.emailReminder, { headers: lang() }),
  resendConfirmEmail: () => api(account.resendConfirmEmail, { headers: lang() }),
  phoneReminder: () => api(account.phoneReminder, { headers: lang() }),
  sendPhoneCode: () => api(account.sendPhoneCode, { headers: lang() }),
  verifyPhoneCode: (code: string) => api(account.verifyPhoneCode, { body: { code }, headers: lang() }),
  confirmEmail: (token: string) => api(account.confirmEmail, { body: { token }, headers: lang() }),
  restoreEmail: (token: string) => api(account.restoreEmail, { body: { token }, headers: lang() }),
  recoverPassword: (body: RecoverPasswordRequest) => api(session.recoverPassword, { body, headers: lang() }),
  resetPassword: (body: ResetPasswordRequest) => api(session.resetPassword, { body, headers: lang() }),
  changePassword: (id: number, body: ChangePasswordRequest) => api(account.changePassword, { params: { id }, body, headers: lang() }),
  updateProfile: (body: ProfileUpdateRequest) => api(account.updateProfile, { body, headers: lang() }),
  /** Raw body (the image itself) through the one client, which carries the session header. */
  uploadAvatar: (file: File) => apiUpload(account.uploadAvatar, file, { headers: lang() }),
  removeAvatar: () => api(account.removeAvatar, { headers: lang() }),
  publicUser: (id: number) => api(account.publicUser, { params: { id }, headers: lang() }),
  notificationSettings: () => api(account.notificationSettings, { headers: lang() }),
  updateNotificationSettings: (body: NotificationSettings) => api(account.updateNotificationSettings, { body, headers: lang() }),
  telegramAccount: () => api(telegram.account),
  disconnectTelegram: () => api(telegram.disconnect),
};

/** A signed-in user's language switch is their account's choice: the bot and the mini app follow it. */
export function saveAccountLocale(locale: Locale): void {
  if (!auth.state.user || auth.state.user.locale === locale) return;
  accountApi.updateProfile({ locale }).then(
    (res) => signedIn(res.user),
    (err: unknown) => log.warn('language not saved to the account', err),
  );
}
