import { describe, expect, it } from 'vitest';
import { normalizeKeyInput, suggestKey, transliterate } from './project-key.ts';

describe('project key suggestion', () => {
  it('takes the first three letters of one word', () => {
    expect(suggestKey('Website')).toBe('WEB');
    expect(suggestKey('Ops')).toBe('OPS');
  });
  it('takes initials of several words, at most ten', () => {
    expect(suggestKey('Mobile App')).toBe('MA');
    expect(suggestKey('a b c d e f g h i j k l')).toBe('ABCDEFGHIJ');
  });
  it('transliterates Russian names', () => {
    expect(transliterate('Щука')).toBe('schuka');
    expect(suggestKey('Мобильное приложение')).toBe('MP');
    expect(suggestKey('Сайт')).toBe('SAI');
  });
  it('ignores digits and punctuation; gives nothing when too short', () => {
    expect(suggestKey('2025: Релиз!')).toBe('REL');
    expect(suggestKey('X')).toBe('');
    expect(suggestKey('  ')).toBe('');
  });
  it('normalizes typed keys', () => {
    expect(normalizeKeyInput('web-1 app')).toBe('WEBAPP');
    expect(normalizeKeyInput('abcdefghijklmno')).toBe('ABCDEFGHIJ');
  });
});
