import { describe, expect, it } from 'vitest';
import { localeOfLanguageCode } from './locales.ts';

describe('localeOfLanguageCode', () => {
  it('gives Russian to ru, uk, be and kk readers, English to every other Telegram language', () => {
    for (const code of ['ru', 'uk', 'be', 'kk', 'RU', 'uk-UA', 'kk_KZ']) expect(localeOfLanguageCode(code)).toBe('ru');
    for (const code of ['en', 'en-US', 'de', 'pt-br', 'fa', 'zh-hans', 'rus']) expect(localeOfLanguageCode(code)).toBe('en');
  });

  it('falls back to the default (Russian) when Telegram sends no language', () => {
    expect(localeOfLanguageCode(undefined)).toBe('ru');
    expect(localeOfLanguageCode('')).toBe('ru');
  });
});
