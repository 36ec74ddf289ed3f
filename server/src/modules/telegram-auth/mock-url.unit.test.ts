import { describe, expect, it } from 'vitest';
import { telegramMockUrl } from './mock-url.ts';
import { verifyInitData } from './verify.ts';

const TOKEN = '987654321:AAF_mock-url-test-token_abcdef0123';
const user = { id: 4242, first_name: 'Dev', username: 'dev_tester', language_code: 'en' };

describe('telegram mock url', () => {
  it('carries launch parameters whose init data the server verifies with the same bot token', () => {
    const url = new URL(telegramMockUrl({ baseUrl: 'http://localhost:5173/', botToken: TOKEN, user, startParam: 'issue_12' }));
    expect(url.origin + url.pathname).toBe('http://localhost:5173/');
    const lp = new URLSearchParams(url.hash.slice(1));
    expect(lp.get('tgWebAppVersion')).toBe('8.0');
    expect(lp.get('tgWebAppPlatform')).toBe('tdesktop');
    expect(lp.get('tgWebAppStartParam')).toBe('issue_12');
    expect(JSON.parse(lp.get('tgWebAppThemeParams')!)).toMatchObject({ bg_color: expect.stringMatching(/^#/) });
    const verified = verifyInitData(lp.get('tgWebAppData')!, TOKEN, 86_400);
    expect(verified).toMatchObject({ ok: true, startParam: 'issue_12', profile: { id: 4242, username: 'dev_tester', language_code: 'en' } });
  });

  it('is refused when signed with another token or altered', () => {
    const lp = new URLSearchParams(new URL(telegramMockUrl({ baseUrl: 'http://localhost:5173', botToken: TOKEN, user })).hash.slice(1));
    expect(verifyInitData(lp.get('tgWebAppData')!, '111:other', 86_400).ok).toBe(false);
    expect(verifyInitData(lp.get('tgWebAppData')!.replace('4242', '4243'), TOKEN, 86_400).ok).toBe(false);
  });
});
