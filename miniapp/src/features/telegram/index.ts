// What other features may use from telegram: the Login Widget and its return, the phone-by-contact
// step, and the Telegram account calls.
export { telegramApi } from '../../lib/api/telegram.ts';
export { PhoneByContact } from './PhoneByContact.tsx';
export { TelegramLoginWidget } from './TelegramLoginWidget.tsx';
export { useSignedInRedirect, useWidgetReturn } from './use-widget-return.ts';
export { telegramSession } from './session-state.ts';
export { FullscreenSwitch } from './FullscreenSwitch.tsx';
/** Top-level pages (start page, tab roots: no BackButton) and the page above any other. */
export { isTopLevel, parentPath } from './parent-route.ts';
