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

// The user this page believes is signed in, named on every call (issue 25): webviews of one device
// may share the cookie jar between Telegram accounts, and the server refuses a session of anyone
// else (`session_changed`) instead of letting this page act, or stream, as them. Memory only: it is
// this page's belief, set when the page learns who is signed in.
export const SESSION_USER_HEADER = 'X-Session-User';
let pageUser: number | null = null;

export const sessionUser = (): number | null => pageUser;

export function setSessionUser(id: number | null) {
  pageUser = id;
}

/** The session in an event stream's query (EventSource sends no headers): the token and the user, when kept. */
export function sessionQuery(): string {
  const token = sessionToken();
  const parts = token ? [`session_token=${encodeURIComponent(token)}`] : [];
  if (pageUser !== null) parts.push(`session_user=${pageUser}`);
  return parts.join('&');
}
