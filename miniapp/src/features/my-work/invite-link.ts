// What an invited person may paste: the web link, the Telegram deep link, or the bare token.
import { INVITE_TOKEN_PATTERN, JOIN_PAYLOAD_PREFIX } from '@tracker/shared/api/values/invites';

const TOKEN = new RegExp(`(?:/invite/|${JOIN_PAYLOAD_PREFIX}|^)([A-Za-z0-9_-]{32})(?:$|[?#&/])`);

/** The invite token inside what was pasted, or null. */
export function inviteTokenIn(text: string): string | null {
  const token = TOKEN.exec(text.trim())?.[1] ?? null;
  return token && INVITE_TOKEN_PATTERN.test(token) ? token : null;
}
