import type { LoginRequest, RegisterRequest } from '@tracker/shared/api/auth';
import type { BootData } from '@tracker/shared/api/boot';
import { session } from '@tracker/shared/api/contract/session';
import type { MeResponse } from '@tracker/shared/api/users';
import { api, createApi } from '../../lib/api-client.ts';
import { bootData } from '../../lib/boot-data.ts';
import { ApiError, http, type Http } from '../../lib/http.ts';
import { clearAllDrafts } from '../../lib/issue-draft.ts';
import { forgetUser, rememberedUser, rememberUser } from './remembered.ts';
import { sessionToken, setSessionToken } from '../../lib/session-token.ts';
import { TOKEN_PRESENT, auth, type AuthStore } from './state.ts';

export const authApi = {
  me: () => api(session.me),
  login: (body: LoginRequest) => api(session.login, { body }),
  register: (body: RegisterRequest) => api(session.register, { body }),
  logout: () => api(session.logout),
};

/** Spec §4: the session call at start; any failure means signed out, with no message (§8). */
export async function hydrateSession(store: AuthStore = auth, client: Pick<Http, 'request'> = http): Promise<void> {
  try {
    const { user } = await createApi(client).api(session.me);
    signedIn(user, store);
  } catch (err) {
    // No answer at all (offline): the last user, so the local store can show their work.
    const last = err instanceof ApiError ? null : rememberedUser();
    if (last) return signedIn(last, store);
    if (err instanceof ApiError) forgetUser();
    store.setToken('');
    store.hydrate(null);
  }
}

interface StartOptions {
  boot?: BootData | null;
  headerSession?: boolean;
  store?: AuthStore;
  client?: Pick<Http, 'request'>;
}

/**
 * The session at start without a round trip when the page carries it (issue 14): the user the server
 * read from the cookie. A session kept as a header token (Telegram Web's cookieless frame) is not in
 * the page, and a shell without boot data knows nothing: those ask `/api/user/me`.
 */
export function startSession({ boot = bootData, headerSession = sessionToken() !== null, store = auth, client = http }: StartOptions = {}): Promise<void> {
  if (!boot || headerSession) return hydrateSession(store, client);
  if (boot.user) signedIn(boot.user, store);
  else {
    forgetUser();
    store.logout();
  }
  return Promise.resolve();
}

export function signedIn(user: MeResponse['user'], store: AuthStore = auth) {
  rememberUser(user);
  store.setToken(TOKEN_PRESENT);
  store.hydrate(user);
}

export async function signOut(store: AuthStore = auth): Promise<void> {
  try {
    await authApi.logout();
  } finally {
    setSessionToken(null);
    forgetUser();
    clearAllDrafts();
    store.logout();
    // The local copy of the workspace leaves memory and the disk (it may be a shared computer). Its
    // own chunk: in the entry it would pull the shared schemas into the precached shell.
    await import('../sync/index.ts').then((sync) => sync.signOutSync());
  }
}

/** The server no longer knows the session (a 401 on the sync stream): signed out, no call to make. */
export function sessionEnded(store: AuthStore = auth) {
  setSessionToken(null);
  forgetUser();
  store.logout();
}
