import { describe, expect, it } from 'vitest';
import { detectPlatform, hasTelegramTransport, looksLikeTelegram } from './detect.ts';

const win = (over: Record<string, unknown> = {}) => ({ location: { hash: '', search: '' }, ...over });

describe('platform detection', () => {
  it('a plain browser is web, without loading the SDK', async () => {
    expect(looksLikeTelegram(win())).toBe(false);
    await expect(detectPlatform(win())).resolves.toBe('web');
  });

  it('launch params in the fragment hint at Telegram', () => {
    expect(looksLikeTelegram(win({ location: { hash: '#tgWebAppData=x&tgWebAppVersion=8.0', search: '' } }))).toBe(true);
    expect(looksLikeTelegram(win({ TelegramWebviewProxy: {} }))).toBe(true);
  });

  it('never throws when the hint is wrong', async () => {
    await expect(detectPlatform(win({ location: { hash: '#tgWebAppData=broken', search: '' } }))).resolves.toMatch(/web|telegram/);
  });

  it('outside a Telegram client, launch params count only in development builds (the SDK mock)', async () => {
    const hash = '#tgWebAppData=x&tgWebAppVersion=8.0&tgWebAppPlatform=tdesktop';
    const plain = win({ location: { hash, search: '' } });
    expect(hasTelegramTransport(plain)).toBe(false);
    await expect(detectPlatform(plain, false)).resolves.toBe('web');
    expect(hasTelegramTransport(win({ TelegramWebviewProxy: {} }))).toBe(true);
    expect(hasTelegramTransport(win({ parent: {} }))).toBe(true);
  });
});
