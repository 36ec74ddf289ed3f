// Endpoints the first page may call (sign-in, account, Telegram, navigation). Their schemas are
// loaded on demand (lazySchema), so importing these declarations keeps zod out of the entry chunk;
// types come from `import type` and cost nothing at run time.
import { endpoint, lazySchema } from './endpoint.ts';

const accountApi = () => import('../account.ts');
const auth = () => import('../auth.ts');
const users = () => import('../users.ts');
const telegramApi = () => import('../telegram.ts');
const notifications = () => import('../notifications.ts');
const navigationApi = () => import('../navigation.ts');

const me = lazySchema(() => users().then((m) => m.meResponseSchema));

export const session = {
  me: endpoint('GET', '/api/user/me', { response: me }),
  login: endpoint('POST', '/api/auth/login', { body: lazySchema(() => auth().then((m) => m.loginRequestSchema)), response: me, public: true, sessionOnly: true }),
  register: endpoint('POST', '/api/auth/register', { body: lazySchema(() => auth().then((m) => m.registerRequestSchema)), response: me, status: 201, public: true, sessionOnly: true }),
  logout: endpoint('POST', '/api/auth/logout', { public: true, sessionOnly: true }),
  recoverPassword: endpoint('POST', '/api/auth/recover-password', { body: lazySchema(() => accountApi().then((m) => m.recoverPasswordRequestSchema)), public: true, sessionOnly: true }),
  resetPassword: endpoint('POST', '/api/auth/reset-password', { body: lazySchema(() => accountApi().then((m) => m.resetPasswordRequestSchema)), response: me, public: true, sessionOnly: true }),
};

export const account = {
  emailReminder: endpoint('GET', '/api/user/email-confirm-reminder', { response: lazySchema(() => accountApi().then((m) => m.emailReminderResponseSchema)), public: true }),
  resendConfirmEmail: endpoint('POST', '/api/user/resend-confirm-email', { sessionOnly: true }),
  confirmEmail: endpoint('POST', '/api/user/confirm-email', {
    body: lazySchema(() => accountApi().then((m) => m.confirmEmailRequestSchema)),
    response: lazySchema(() => accountApi().then((m) => m.confirmEmailResponseSchema)),
    public: true,
    summary: 'The token from the confirmation e-mail is the credential',
    sessionOnly: true,
  }),
  restoreEmail: endpoint('POST', '/api/user/restore-email', {
    body: lazySchema(() => accountApi().then((m) => m.restoreEmailRequestSchema)),
    response: lazySchema(() => accountApi().then((m) => m.restoreEmailResponseSchema)),
    public: true,
    summary: 'The token from the mail to the old address is the credential: puts that address back and ends every session and token',
    sessionOnly: true,
  }),
  phoneReminder: endpoint('GET', '/api/user/phone-confirm-reminder', { response: lazySchema(() => accountApi().then((m) => m.phoneReminderResponseSchema)), public: true }),
  sendPhoneCode: endpoint('POST', '/api/user/send-phone-confirm-code', { sessionOnly: true }),
  verifyPhoneCode: endpoint('POST', '/api/user/verify-phone-code', { body: lazySchema(() => accountApi().then((m) => m.verifyPhoneCodeRequestSchema)), response: me, sessionOnly: true }),
  changePassword: endpoint('POST', '/api/user/change-password/:id', { body: lazySchema(() => accountApi().then((m) => m.changePasswordRequestSchema)), sessionOnly: true }),
  updateProfile: endpoint('PATCH', '/api/user/profile', { body: lazySchema(() => accountApi().then((m) => m.profileUpdateRequestSchema)), response: me, sessionOnly: true }),
  uploadAvatar: endpoint('POST', '/api/user/avatar', { response: me, bodyType: 'image/*', summary: 'The image as the raw body', sessionOnly: true }),
  avatar: endpoint('GET', '/api/avatars/:file', { responseType: 'image/webp', public: true }),
  removeAvatar: endpoint('DELETE', '/api/user/avatar', { response: me, sessionOnly: true }),
  publicUser: endpoint('GET', '/api/users/:id', { response: lazySchema(() => accountApi().then((m) => m.publicUserResponseSchema)) }),
  notificationSettings: endpoint('GET', '/api/user/notification-settings', { response: lazySchema(() => notifications().then((m) => m.notificationSettingsResponseSchema)) }),
  updateNotificationSettings: endpoint('PUT', '/api/user/notification-settings', {
    body: lazySchema(() => notifications().then((m) => m.notificationSettingsSchema)),
    response: lazySchema(() => notifications().then((m) => m.notificationSettingsResponseSchema)),
    sessionOnly: true,
  }),
};

export const telegram = {
  callback: endpoint('POST', '/api/auth/telegram/callback', {
    body: lazySchema(() => telegramApi().then((m) => m.telegramCallbackRequestSchema)),
    response: lazySchema(() => telegramApi().then((m) => m.telegramSignInResponseSchema)),
    public: true,
    sessionOnly: true,
  }),
  widget: endpoint('POST', '/api/auth/telegram/widget', { body: lazySchema(() => telegramApi().then((m) => m.telegramWidgetRequestSchema)), response: me, public: true, sessionOnly: true }),
  account: endpoint('GET', '/api/telegram/account', { response: lazySchema(() => telegramApi().then((m) => m.telegramAccountResponseSchema)) }),
  /** The card as a message the mini app shares to any chat (issue 26); 409 `telegram_not_linked` without a Telegram account. */
  share: endpoint('POST', '/api/telegram/share/:ref', { response: lazySchema(() => telegramApi().then((m) => m.preparedShareResponseSchema)) }),
  /** Unlinks the Telegram account; 409 `telegram_only_sign_in` when it is the only way to sign in. */
  disconnect: endpoint('DELETE', '/api/telegram/account', { sessionOnly: true }),
  createLink: endpoint('POST', '/api/telegram/link', { response: lazySchema(() => telegramApi().then((m) => m.linkTokenResponseSchema)), status: 201, sessionOnly: true }),
  linkStatus: endpoint('GET', '/api/telegram/link/:token', { response: lazySchema(() => telegramApi().then((m) => m.linkStatusResponseSchema)) }),
  phone: endpoint('GET', '/api/telegram/phone', { response: lazySchema(() => telegramApi().then((m) => m.phoneStatusResponseSchema)) }),
  /** Registered only in webhook mode (TELEGRAM_MODE=webhook). */
  webhook: endpoint('POST', '/api/telegram/webhook', {
    bodyType: 'application/json',
    responseType: 'application/json',
    headers: { 'X-Telegram-Bot-Api-Secret-Token': 'The secret the server gave Telegram when it set the webhook' },
    public: true,
    summary: "Telegram's updates to the bot",
    sessionOnly: true,
  }),
};

export const navigation = {
  redirect: endpoint('GET', '/api/navigation/redirect', {
    query: lazySchema(() => navigationApi().then((m) => m.redirectQuerySchema)),
    response: lazySchema(() => navigationApi().then((m) => m.redirectResponseSchema)),
    public: true,
  }),
};
