// What the app shell uses from telegram: the session inside Telegram.
export { telegramSession } from './session-state.ts';
