// What the app shell uses from telegram: the session inside Telegram and the BackButton's routes.
export { telegramSession } from './session-state.ts';
/** Top-level pages (start page, tab roots: no BackButton) and the page above any other. */
export { isTopLevel, parentPath } from './parent-route.ts';
