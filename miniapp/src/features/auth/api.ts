import type { LoginRequest, RegisterRequest } from '@tracker/shared/api/auth';
import type { BootData } from '@tracker/shared/api/boot';
import { session } from '@tracker/shared/api/contract/session';
import type { User } from '@tracker/shared/api/users';
import { api, createApi } from '../../lib/api-client.ts';
import { bootData } from '../../lib/boot-data.ts';
import { http, refusalOf, type Http } from '../../lib/http.ts';
import { clearAllDrafts } from '../../lib/issue-draft.ts';
import { forgetUser, rememberedUser } from '../../lib/remembered-user.ts';
import { sessionToken, setSessionToken, setSessionUser } from '../../lib/session-token.ts';
import { auth, signedIn, type AuthStore } from '../../lib/auth.ts';
import { clearQueries } from '../../lib/query.ts';

export const authApi = {
  me: () => api(session.me),
  login: (body: LoginRequest) => api(session.login, { body }),
  register: (body: RegisterRequest) => api(session.register, { body }),
  logout: () => api(session.logout),
};

/**
 * Inside Telegram the identity is the account that launched the app (issue 25): a session, or a
 * remembered user, of another Telegram account (webviews share cookies between the accounts of one
 * device) is not taken; the launch's sign-in replaces it. `launch`: the Telegram user id the launch
 * names, null outside Telegram (anyone's session is then taken, as before).
 */
export const isLaunchingAccount = (user: Pick<User, 'telegram_id'>, launch: number | null): boolean => launch === null || user.telegram_id === launch;

/** Spec §4: the session call at start; any failure means signed out, with no message (§8). */
export async function hydrateSession(store: AuthStore = auth, client: Pick<Http, 'request'> = http, launch: number | null = null): Promise<void> {
  try {
    const { user } = await createApi(client).api(session.me);
    if (isLaunchingAccount(user, launch)) return signedIn(user, store);
    notSignedIn(store);
  } catch (err) {
    // No answer at all (offline): the last user, so the local store can show their work.
    const answered = refusalOf(err) !== null;
    const last = answered ? null : rememberedUser();
    if (last && isLaunchingAccount(last, launch)) return signedIn(last, store);
    if (answered) forgetUser();
    notSignedIn(store);
  }
}

interface StartOptions {
  boot?: BootData | null;
  headerSession?: boolean;
  /** The Telegram user id the launch names (see `isLaunchingAccount`). */
  launch?: number | null;
  store?: AuthStore;
  client?: Pick<Http, 'request'>;
}

/**
 * The session at start without a round trip when the page carries it (issue 14): the user the server
 * read from the cookie. A session kept as a header token (Telegram Web's cookieless frame) is not in
 * the page, and a shell without boot data knows nothing: those ask `/api/user/me`.
 */
export function startSession({ boot = bootData, headerSession = sessionToken() !== null, launch = null, store = auth, client = http }: StartOptions = {}): Promise<void> {
  if (!boot || headerSession) return hydrateSession(store, client, launch);
  if (boot.user && isLaunchingAccount(boot.user, launch)) signedIn(boot.user, store);
  else if (boot.user) notSignedIn(store);
  else {
    forgetUser();
    store.logout();
  }
  return Promise.resolve();
}

function notSignedIn(store: AuthStore) {
  setSessionUser(null);
  store.setToken('');
  store.hydrate(null);
}


export async function signOut(store: AuthStore = auth): Promise<void> {
  try {
    await authApi.logout();
  } finally {
    setSessionToken(null);
    setSessionUser(null);
    forgetUser();
    clearAllDrafts();
    clearQueries();
    store.logout();
    // The local copy of the workspace leaves memory and the disk (it may be a shared computer). Its
    // own chunk: in the entry it would pull the shared schemas into the precached shell.
    await import('../../store/index.ts').then((sync) => sync.signOutSync());
  }
}
