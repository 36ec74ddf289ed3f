import { PAGE_RELOAD_GUARD_MS, TG_AUTO_AUTH_KEY } from '@tracker/shared/limits';
import { describe, expect, it, vi } from 'vitest';
import { widgetDataFromSearch } from '../../lib/api/telegram.ts';
import { autoSignIn, initDataFromHash, type AutoSignInDeps } from './auto-sign-in.ts';
import { pollDelays, pollUntil } from '../../lib/contact-poll.ts';
import { deepLinkPath, isUnknownStartParam } from './deep-link.ts';
import { assertPopup, popupProblems } from '../../platform/popup.ts';

function deps(over: Partial<AutoSignInDeps> = {}) {
  const store = new Map<string, string>();
  const d = {
    isAuthenticated: () => false,
    readSdkInitData: () => 'auth_date=1&hash=abc',
    unsafeFallback: false,
    locationHash: '',
    send: vi.fn(async () => ({ user: { id: 1 }, sessionToken: 'k.s' })),
    storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    reload: vi.fn(),
    now: () => 1_000_000,
    adopt: vi.fn(),
    keepSessionToken: vi.fn(),
    log: { warn: vi.fn() },
    ...over,
  };
  return { d, store };
}

describe('automatic sign-in (spec §4 steps 1–6)', () => {
  it('1: does nothing when already authenticated', async () => {
    const { d } = deps({ isAuthenticated: () => true });
    expect(await autoSignIn(d)).toBe('authenticated');
    expect(d.send).not.toHaveBeenCalled();
  });

  it('2–4, 6: sends the SDK data, keeps the token, stores the timestamp and reloads', async () => {
    const { d, store } = deps();
    expect(await autoSignIn(d)).toBe('reloaded');
    expect(d.send).toHaveBeenCalledWith({ tgWebAppDataRaw: 'auth_date=1&hash=abc', unsafeFallback: false });
    expect(d.keepSessionToken).toHaveBeenCalledWith('k.s');
    expect(store.get(TG_AUTO_AUTH_KEY)).toBe('1000000');
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at most once per 10 s; inside the guard the user is taken without a reload', async () => {
    const { d, store } = deps();
    store.set(TG_AUTO_AUTH_KEY, String(1_000_000 - PAGE_RELOAD_GUARD_MS + 1));
    expect(await autoSignIn(d)).toBe('guarded');
    expect(d.reload).not.toHaveBeenCalled();
    expect(d.adopt).toHaveBeenCalled();
    store.set(TG_AUTO_AUTH_KEY, String(1_000_000 - PAGE_RELOAD_GUARD_MS - 1));
    expect(await autoSignIn(d)).toBe('reloaded');
  });

  it('2: the address fragment is read only with the unsafe-fallback setting on, and says so', async () => {
    const hash = '#tgWebAppData=auth_date%3D1%26hash%3Dabc&tgWebAppVersion=8.0';
    const off = deps({ readSdkInitData: () => undefined, locationHash: hash }).d;
    expect(await autoSignIn(off)).toBe('no-data');
    const on = deps({ readSdkInitData: () => undefined, locationHash: hash, unsafeFallback: true }).d;
    expect(await autoSignIn(on)).toBe('reloaded');
    expect(on.send).toHaveBeenCalledWith({ tgWebAppDataRaw: 'auth_date=1&hash=abc', unsafeFallback: true });
    expect(initDataFromHash('#tgWebAppVersion=8')).toBeUndefined();
  });

  it('3: nothing without data (an SDK that throws counts as none)', async () => {
    const { d } = deps({ readSdkInitData: () => { throw new Error('no launch params'); } });
    expect(await autoSignIn(d)).toBe('no-data');
    expect(d.send).not.toHaveBeenCalled();
  });

  it('5: an error field stops: logged, no reload, nothing stored', async () => {
    const { d, store } = deps({ send: vi.fn(async () => ({ error: 'replayed' })) });
    expect(await autoSignIn(d)).toBe('refused');
    expect(d.reload).not.toHaveBeenCalled();
    expect(store.has(TG_AUTO_AUTH_KEY)).toBe(false);
    expect(d.log.warn).toHaveBeenCalled();
  });

  it('network or parse failures are logged only', async () => {
    const { d } = deps({ send: vi.fn(async () => { throw new TypeError('Failed to fetch'); }) });
    expect(await autoSignIn(d)).toBe('failed');
    expect(d.reload).not.toHaveBeenCalled();
    expect(d.log.warn).toHaveBeenCalled();
  });
});

describe('start parameter deep links', () => {
  it('opens issue, project and stream pages in the current language', () => {
    expect(deepLinkPath('issue_42', 'ru')).toBe('/issues/42');
    expect(deepLinkPath('project_7', 'en')).toBe('/en/projects/7');
    expect(deepLinkPath('stream_3', 'ru')).toBe('/streams/3');
    expect(deepLinkPath('cycle_12', 'en')).toBe('/en/cycles/12');
    expect(deepLinkPath('issue_', 'ru')).toBeNull();
    expect(deepLinkPath('admin_1', 'ru')).toBeNull();
    expect(deepLinkPath(null, 'ru')).toBeNull();
  });

  it('opens an issue by its key, and the issue form (in a project) for new and new_<KEY>', () => {
    expect(deepLinkPath('issue_WEB-12', 'en')).toBe('/en/issues/WEB-12');
    expect(deepLinkPath('project_WEB', 'ru')).toBe('/projects/WEB');
    expect(deepLinkPath('new', 'ru')).toBe('/issues/create');
    expect(deepLinkPath('new_web', 'en')).toBe('/en/issues/create?project=WEB');
    for (const bad of ['new_', 'new_1AB', 'new_WEB-1', 'new_W', 'issue_a/b', 'issue_%2e%2e', 'x'.repeat(65), 'stream_1_2']) expect(deepLinkPath(bad, 'ru')).toBeNull();
  });

  it('tells an unknown or malformed start parameter (My work with a notice) from none at all', () => {
    for (const bad of ['admin_1', 'issue_', 'hello', 'x'.repeat(65)]) expect(isUnknownStartParam(bad)).toBe(true);
    for (const none of [null, undefined, '']) expect(isUnknownStartParam(none)).toBe(false);
    for (const good of ['issue_42', 'new', 'new_WEB', 'project_WEB']) expect(isUnknownStartParam(good)).toBe(false);
  });
});

describe('popup limits (spec §9)', () => {
  it('accepts what Telegram accepts and names every problem otherwise', () => {
    expect(popupProblems({ title: 't'.repeat(64), message: 'm'.repeat(256), buttons: [{ id: 'a', text: 'OK' }, { id: 'b', type: 'cancel' }, { id: 'c'.repeat(64), type: 'destructive', text: 'x'.repeat(64) }] })).toEqual([]);
    expect(popupProblems({ title: 't'.repeat(65), message: '' })).toHaveLength(2);
    expect(popupProblems({ message: 'm'.repeat(257) })).toHaveLength(1);
    expect(popupProblems({ message: 'm', buttons: [{ id: '1', type: 'ok' }, { id: '2', type: 'ok' }, { id: '3', type: 'ok' }, { id: '4', type: 'ok' }] })).toEqual(['at most 3 buttons']);
    expect(popupProblems({ message: 'm', buttons: [{ id: 'x'.repeat(65), text: '' }] })).toHaveLength(2);
    expect(() => assertPopup({ message: '' })).toThrow(RangeError);
  });
});

describe('contact polling (spec §9)', () => {
  it('starts at 50 ms, grows by 50 ms, stops within 5000 ms', () => {
    const delays = pollDelays();
    expect(delays.slice(0, 3)).toEqual([50, 100, 150]);
    expect(delays.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5000);
    expect(delays.reduce((a, b) => a + b, 0) + delays.at(-1)! + 50).toBeGreaterThan(5000);
  });

  it('resolves on the first confirmed check and gives up with null', async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    let calls = 0;
    const found = await pollUntil(async () => (++calls === 3 ? 'ok' : null), { startMs: 50, stepMs: 50, timeoutMs: 5000, sleep });
    expect(found).toBe('ok');
    expect(slept).toEqual([50, 100, 150]);
    slept.length = 0;
    expect(await pollUntil(async () => { throw new Error('offline'); }, { startMs: 50, stepMs: 50, timeoutMs: 5000, sleep })).toBeNull();
    expect(slept).toEqual(pollDelays());
  });
});

describe('Login Widget redirect', () => {
  it('takes only the signed fields, with numbers for id and auth_date', () => {
    expect(widgetDataFromSearch('?id=5&first_name=A&auth_date=10&hash=ff&redirect=%2Fx')).toEqual({ id: 5, first_name: 'A', auth_date: 10, hash: 'ff' });
    expect(widgetDataFromSearch('?redirect=%2Fx')).toBeNull();
  });
});
