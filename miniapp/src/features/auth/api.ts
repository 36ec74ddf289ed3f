import type { LoginRequest, RegisterRequest } from '@tracker/shared/api/auth';
import type { MeResponse } from '@tracker/shared/api/users';
import { http, type Http } from '../../lib/http.ts';
import { setSessionToken } from '../../lib/session-token.ts';
import { TOKEN_PRESENT, auth, type AuthStore } from './state.ts';

export const authApi = {
  me: () => http.get<MeResponse>('/api/user/me'),
  login: (body: LoginRequest) => http.post<MeResponse>('/api/auth/login', body),
  register: (body: RegisterRequest) => http.post<MeResponse>('/api/auth/register', body),
  logout: () => http.post<void>('/api/auth/logout'),
};

/** Spec §4: the session call at start; any failure means signed out, with no message (§8). */
export async function hydrateSession(store: AuthStore = auth, client: Pick<Http, 'get'> = http): Promise<void> {
  try {
    const { user } = await client.get<MeResponse>('/api/user/me');
    store.setToken(TOKEN_PRESENT);
    store.hydrate(user);
  } catch {
    store.setToken('');
    store.hydrate(null);
  }
}

export function signedIn(user: MeResponse['user'], store: AuthStore = auth) {
  store.setToken(TOKEN_PRESENT);
  store.hydrate(user);
}

export async function signOut(store: AuthStore = auth): Promise<void> {
  try {
    await authApi.logout();
  } finally {
    setSessionToken(null);
    store.logout();
  }
}
