import { describe, expect, it } from 'vitest';
import { launchTelegramUserId, telegramUserIdOf } from './launch-user.ts';

const initData = (user: unknown) => new URLSearchParams({ query_id: 'q', user: JSON.stringify(user), auth_date: '1', hash: 'h' }).toString();
const launch = (user: unknown) => new URLSearchParams({ tgWebAppData: initData(user), tgWebAppVersion: '8.0', tgWebAppPlatform: 'android' }).toString();
const win = (over: { href?: string; stored?: string; navigation?: string; proxy?: boolean } = {}) => {
  const href = over.href ?? 'https://tracker.example/';
  const url = new URL(href);
  return {
    location: { href, hash: url.hash, search: url.search },
    sessionStorage: { getItem: (k: string) => (k === 'tapps/launchParams' && over.stored !== undefined ? JSON.stringify(over.stored) : null) },
    performance: { getEntriesByType: () => (over.navigation ? [{ name: over.navigation }] : []) },
    ...(over.proxy === false ? {} : { TelegramWebviewProxy: {} }),
  };
};

describe('the Telegram user a launch names', () => {
  it('reads user.id from the init data of the launch parameters', () => {
    expect(telegramUserIdOf(launch({ id: 123456789, first_name: 'A' }))).toBe(123456789);
    expect(telegramUserIdOf(launch({ first_name: 'no id' }))).toBeNull();
    expect(telegramUserIdOf(launch({ id: '12' }))).toBeNull();
    expect(telegramUserIdOf('tgWebAppData=user%3D%7Bbroken')).toBeNull();
    expect(telegramUserIdOf('')).toBeNull();
  });

  it('finds the launch where the SDK does: the address, the navigation entry, then its stored copy after a reload', () => {
    expect(launchTelegramUserId(win({ href: `https://tracker.example/en#${launch({ id: 7 })}` }), false)).toBe(7);
    expect(launchTelegramUserId(win({ href: 'https://tracker.example/issues', navigation: `https://tracker.example/#${launch({ id: 8 })}` }), false)).toBe(8);
    expect(launchTelegramUserId(win({ href: 'https://tracker.example/issues', stored: launch({ id: 9 }) }), false)).toBe(9);
  });

  it('is null outside Telegram: no launch, or launch parameters without a Telegram client in production', () => {
    expect(launchTelegramUserId(win(), false)).toBeNull();
    const plain = win({ href: `https://tracker.example/#${launch({ id: 7 })}`, proxy: false });
    expect(launchTelegramUserId(plain, false)).toBeNull();
    expect(launchTelegramUserId(plain, true)).toBe(7);
  });
});
