import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { cookieString, readCookie } from './cookies.ts';
import { isCrawler } from './crawler.ts';
import { accountLocalePath, homeLocaleRedirect, rememberedLocale, switchLocalePath } from './locale.ts';
import { enabled } from './logger.ts';
import { afterSignIn, safeRedirect } from './safe-redirect.ts';

describe('locale switching', () => {
  it('keeps path and query, switching the prefix', () => {
    expect(switchLocalePath('/issues/12', '?page=2', 'en')).toBe('/en/issues/12?page=2');
    expect(switchLocalePath('/en/issues/12', '?page=2', 'ru')).toBe('/issues/12?page=2');
    expect(switchLocalePath('/', '', 'en')).toBe('/en');
    expect(switchLocalePath('/en', '', 'ru')).toBe('/');
  });

  it('reads the remembered locale from the cookie', () => {
    expect(rememberedLocale('a=1; locale=en')).toBe('en');
    expect(rememberedLocale('locale=de')).toBeNull();
    expect(rememberedLocale('')).toBeNull();
  });

  it('redirects only the unprefixed home page for a remembered English choice', () => {
    expect(homeLocaleRedirect('/', 'en')).toBe('/en');
    expect(homeLocaleRedirect('/', 'ru')).toBeNull();
    expect(homeLocaleRedirect('/issues', 'en')).toBeNull();
  });

  it('inside Telegram moves any page to the signed-in account’s language, query kept', () => {
    expect(accountLocalePath({ locale: 'en' }, { pathname: '/issues', search: '?q=1' })).toBe('/en/issues?q=1');
    expect(accountLocalePath({ locale: 'ru' }, { pathname: '/en/', search: '' })).toBe('/');
    expect(accountLocalePath({ locale: 'en' }, { pathname: '/en/issues', search: '' })).toBeNull();
    expect(accountLocalePath(null, { pathname: '/issues', search: '' })).toBeNull();
  });
});

describe('cookies', () => {
  it('writes a year-long lax cookie on path /', () => {
    expect(cookieString('locale', 'en', 365, false)).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(cookieString('locale', 'en', 365, true)).toMatch(/; Secure$/);
    expect(readCookie('locale', 'x=1; locale=ru')).toBe('ru');
  });
});

describe('redirect after sign-in', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirect('/en/issues?x=1')).toBe('/en/issues?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('falls back to the issues page in the same language', () => {
    expect(afterSignIn(null, 'en')).toBe('/en/issues');
    expect(afterSignIn('//x', 'ru')).toBe('/issues');
    expect(afterSignIn('/calendar', 'ru')).toBe('/calendar');
  });
});

describe('crawlers', () => {
  it('recognises bots', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (compatible; YandexBot/3.0)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36')).toBe(false);
  });
});

describe('logger', () => {
  it('filters by level', () => {
    expect(enabled('debug', 'info')).toBe(false);
    expect(enabled('warn', 'info')).toBe(true);
    expect(enabled('error', 'silent')).toBe(false);
  });
});

describe('public config', () => {
  it('reads the embedded config or gives null', () => {
    expect(parseConfig({ logLevel: 'debug', debug: 1, telegramBotUsername: null, telegramUnsafeFallback: false, externalRedirectHosts: ['a.b'] })).toMatchObject({
      debug: 1,
      externalRedirectHosts: ['a.b'],
    });
    expect(parseConfig('<!--app-boot-->')).toBeNull();
    expect(parseConfig({ logLevel: 'loud', debug: '1' })).toMatchObject({ logLevel: 'info', debug: 0, externalRedirectHosts: [] });
    expect(parseConfig(null)).toBeNull();
  });
});
