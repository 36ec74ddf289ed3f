// The signed-in user and the session's state (spec §3–4), read by every feature, and the two steps
// that any feature may take on it (a sign-in recorded, a session the server ended); features/auth
// signs in and out. The session token itself is an HttpOnly cookie; `token` only marks that a
// session exists ('present') or not ('').
import type { User } from '@tracker/shared/api/users';
import { proxy, useSnapshot } from 'valtio';
import { setProfileTimeZone } from './dates.ts';
import { clearQueries } from './query.ts';
import { forgetUser, rememberUser } from './remembered-user.ts';
import { setSessionToken, setSessionUser } from './session-token.ts';

export const TOKEN_PRESENT = 'present';

export type TelegramAuthParams = Record<string, unknown>;

export function createAuthStore() {
  const state = proxy({
    token: '',
    user: null as User | null,
    hydrated: false,
    telegramAuthParams: null as TelegramAuthParams | null,
    get isAuthenticated(): boolean {
      return this.token !== '';
    },
    get isPublic(): boolean {
      return this.hydrated && !this.user;
    },
  });

  return {
    state,
    setToken(token: string) {
      state.token = token;
    },
    hydrate(user: User | null) {
      state.user = user ? { ...user, roles: user.roles ?? [] } : null;
      state.hydrated = true;
      // Days are the signed-in user's: counted in their profile's zone (lib/dates.ts).
      setProfileTimeZone(user?.time_zone);
    },
    logout() {
      state.token = '';
      state.user = null;
      state.hydrated = true;
      setProfileTimeZone(null);
    },
    setTelegramAuthParams(params: TelegramAuthParams) {
      state.telegramAuthParams = params;
    },
    clearTelegramAuthParams() {
      state.telegramAuthParams = null;
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const auth = createAuthStore();

/** The signed-in user (null for a visitor, and until the session is known); re-renders on change. */
export function useMe(): User | null {
  return useSnapshot(auth.state).user as User | null;
}

/** A sign-in recorded: the user remembered for an offline start, the session marked, the store filled. */
export function signedIn(user: User, store: AuthStore = auth) {
  rememberUser(user);
  setSessionUser(user.id);
  store.setToken(TOKEN_PRESENT);
  store.hydrate(user);
}

/** The server no longer knows the session (a 401 on the sync stream): signed out, no call to make. */
export function sessionEnded(store: AuthStore = auth) {
  setSessionToken(null);
  setSessionUser(null);
  forgetUser();
  clearQueries();
  store.logout();
}
