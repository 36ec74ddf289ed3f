import type { User } from '@tracker/shared/api/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { hydrateSession, startSession } from './api.ts';
import { createAuthStore } from '../../lib/auth.ts';

const user: User = {
  id: 1,
  name: 'Ann',
  email: 'ann@example.com',
  email_confirmed_at: null,
  phone: null,
  phone_confirmed_at: null,
  roles: [],
  locale: 'en',
  created_at: '2026-11-22T00:00:00.000Z',
};

describe('auth store', () => {
  it('starts signed out and not hydrated', () => {
    const s = createAuthStore();
    expect(s.state).toMatchObject({ token: '', user: null, hydrated: false, telegramAuthParams: null });
    expect(s.state.isAuthenticated).toBe(false);
    expect(s.state.isPublic).toBe(false);
  });

  it('setting a token signs in', () => {
    const s = createAuthStore();
    s.setToken('present');
    expect(s.state.isAuthenticated).toBe(true);
  });

  it('hydrate marks hydrated, with or without a user', () => {
    const a = createAuthStore();
    a.hydrate(user);
    expect(a.state.hydrated).toBe(true);
    expect(a.state.user?.name).toBe('Ann');
    expect(a.state.isPublic).toBe(false);
    const b = createAuthStore();
    b.hydrate(null);
    expect(b.state.hydrated).toBe(true);
    expect(b.state.isPublic).toBe(true);
  });

  it('treats missing roles as an empty array', () => {
    const s = createAuthStore();
    s.hydrate({ ...user, roles: undefined as unknown as string[] });
    expect(s.state.user?.roles).toEqual([]);
  });

  it('logout clears token and user and marks hydrated', () => {
    const s = createAuthStore();
    s.setToken('present');
    s.hydrate(user);
    s.logout();
    expect(s.state).toMatchObject({ token: '', user: null, hydrated: true });
    expect(s.state.isAuthenticated).toBe(false);
    expect(s.state.isPublic).toBe(true);
  });

  it('sets and clears telegram auth params', () => {
    const s = createAuthStore();
    s.setTelegramAuthParams({ hash: 'h' });
    expect(s.state.telegramAuthParams).toEqual({ hash: 'h' });
    s.clearTelegramAuthParams();
    expect(s.state.telegramAuthParams).toBeNull();
  });
});

describe('session hydration at start', () => {
  it('stores the user and the present marker on success', async () => {
    const s = createAuthStore();
    await hydrateSession(s, { request: async <T,>() => ({ user }) as T });
    expect(s.state).toMatchObject({ token: 'present', hydrated: true });
    expect(s.state.user?.id).toBe(1);
  });

  it('clears the user and the marker on failure', async () => {
    const s = createAuthStore();
    s.setToken('present');
    await hydrateSession(s, {
      request: async () => {
        throw new ApiError(401, 'Unauthorized');
      },
    });
    expect(s.state).toMatchObject({ token: '', user: null, hydrated: true });
  });
});

describe('an offline start (issue 14)', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
  });
  afterEach(() => vi.unstubAllGlobals());
  const offline = { request: async (): Promise<never> => Promise.reject(new TypeError('Failed to fetch')) };

  it('opens as the last signed-in user when the server cannot be reached, and as nobody after a sign-out or a refusal', async () => {
    const first = createAuthStore();
    await hydrateSession(first, { request: async <T,>() => ({ user }) as T });
    const s = createAuthStore();
    await hydrateSession(s, offline);
    expect(s.state).toMatchObject({ token: 'present', hydrated: true });
    expect(s.state.user?.id).toBe(1);

    // The server answers that the session is gone: forgotten, so the next offline start is signed out.
    await hydrateSession(createAuthStore(), { request: async () => Promise.reject(new ApiError(401, 'Unauthorized')) });
    const after = createAuthStore();
    await hydrateSession(after, offline);
    expect(after.state).toMatchObject({ token: '', user: null, hydrated: true });
  });

  it('drops what does not have a user’s shape', async () => {
    store.set('tracker:last-user', '{"id":"x"}');
    const s = createAuthStore();
    await hydrateSession(s, offline);
    expect(s.state.user).toBeNull();
    expect(store.size).toBe(0);
  });
});

describe('the session at start from the page’s boot data (issue 14)', () => {
  const config = { logLevel: 'info' as const, debug: 0 as const, telegramBotUsername: null, telegramUnsafeFallback: false, externalRedirectHosts: [] };
  const asked: string[] = [];
  const client = { request: async <T,>(path: string) => (asked.push(path), { user }) as T };

  it('takes the page’s user with no call, signed in or not', async () => {
    asked.length = 0;
    const s = createAuthStore();
    await startSession({ boot: { path: '/', user, config, redirect: { to: null } }, headerSession: false, store: s, client });
    expect(s.state).toMatchObject({ token: 'present', hydrated: true });
    expect(s.state.user?.id).toBe(1);
    const out = createAuthStore();
    await startSession({ boot: { path: '/', user: null, config, redirect: { to: null } }, headerSession: false, store: out, client });
    expect(out.state).toMatchObject({ token: '', user: null, hydrated: true });
    expect(asked).toEqual([]);
  });

  it('asks /api/user/me for a header session or a page without boot data', async () => {
    asked.length = 0;
    const s = createAuthStore();
    await startSession({ boot: { path: '/', user: null, config, redirect: { to: null } }, headerSession: true, store: s, client });
    expect(s.state.user?.id).toBe(1);
    await startSession({ boot: null, headerSession: false, store: createAuthStore(), client });
    expect(asked).toEqual(['/api/user/me', '/api/user/me']);
  });
});

describe('inside Telegram the launching account decides (issue 25)', () => {
  const config = { logLevel: 'info' as const, debug: 0 as const, telegramBotUsername: null, telegramUnsafeFallback: false, externalRedirectHosts: [] };
  const anna = { ...user, telegram_id: 1001 };
  const boot = { path: '/', user: anna, config, redirect: { to: null } };
  const client = { request: async <T,>() => ({ user: anna }) as T };

  it('takes the session of the launching Telegram account, and of anyone outside Telegram', async () => {
    const same = createAuthStore();
    await startSession({ boot, headerSession: false, launch: 1001, store: same, client });
    expect(same.state.user?.id).toBe(1);
    const web = createAuthStore();
    await startSession({ boot, headerSession: false, launch: null, store: web, client });
    expect(web.state.user?.id).toBe(1);
  });

  it('does not take another account’s session, from the page or from /api/user/me: the launch signs in instead', async () => {
    const page = createAuthStore();
    await startSession({ boot, headerSession: false, launch: 2002, store: page, client });
    expect(page.state).toMatchObject({ token: '', user: null, hydrated: true });
    const header = createAuthStore();
    await startSession({ boot, headerSession: true, launch: 2002, store: header, client });
    expect(header.state).toMatchObject({ token: '', user: null, hydrated: true });
    // A password session with no Telegram account is not the launching account either.
    const mail = createAuthStore();
    await startSession({ boot: { ...boot, user: { ...anna, telegram_id: null } }, headerSession: false, launch: 2002, store: mail, client });
    expect(mail.state.user).toBeNull();
  });

  it('an offline start does not open as the last user of another account', async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v), removeItem: (k: string) => kept.delete(k) });
    try {
      await hydrateSession(createAuthStore(), client, 1001);
      const offline = { request: async (): Promise<never> => Promise.reject(new TypeError('Failed to fetch')) };
      const other = createAuthStore();
      await hydrateSession(other, offline, 2002);
      expect(other.state.user).toBeNull();
      const same = createAuthStore();
      await hydrateSession(same, offline, 1001);
      expect(same.state.user?.id).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
