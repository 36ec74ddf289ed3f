import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './i18n.ts';

describe('negotiateLocale', () => {
  const none = { group: null, account: null, chat: null, languageCode: undefined };

  it('answers a group in its own language, whoever writes', () => {
    expect(negotiateLocale({ group: 'en', account: 'ru', chat: 'ru', languageCode: 'ru' })).toBe('en');
  });

  it('else in the account’s language, else the one chosen in the chat, else Telegram’s', () => {
    expect(negotiateLocale({ ...none, account: 'en', chat: 'ru', languageCode: 'ru' })).toBe('en');
    expect(negotiateLocale({ ...none, chat: 'en', languageCode: 'ru' })).toBe('en');
    expect(negotiateLocale({ ...none, languageCode: 'en-GB' })).toBe('en');
    expect(negotiateLocale({ ...none, languageCode: 'uk' })).toBe('ru');
    expect(negotiateLocale(none)).toBe('ru');
  });
});
