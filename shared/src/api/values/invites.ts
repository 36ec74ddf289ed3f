// The invites values, without zod: the web app's start reads them (issue 27, the light start);
// ../invites.ts builds its schemas on them and exports them too.
export const INVITE_DAYS_DEFAULT = 7;
export const INVITE_DAYS_MAX = 30;
export const INVITE_USES_MAX = 1000;
/** The deep link's start payload prefix; the token is 32 base64url characters, inside Telegram's 64. */
export const JOIN_PAYLOAD_PREFIX = 'join_';
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
