// The mini app's session where the browser refuses our cookie (Telegram Web frames us as a third
// party): the Telegram sign-in returns a signed token, kept for this tab only and sent as a header.
export const SESSION_TOKEN_KEY = 'tracker.sessionToken';
export const SESSION_TOKEN_HEADER = 'X-Session-Token';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function sessionToken(): string | null {
  return storage()?.getItem(SESSION_TOKEN_KEY) ?? null;
}

export function setSessionToken(token: string | null | undefined) {
  const s = storage();
  if (!s) return;
  if (token) s.setItem(SESSION_TOKEN_KEY, token);
  else s.removeItem(SESSION_TOKEN_KEY);
}
