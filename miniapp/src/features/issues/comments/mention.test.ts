import { describe, expect, it } from 'vitest';
import { activeMention, handleFor, insertMention } from './mention.ts';

describe('mention autocomplete', () => {
  it('finds the @word at the caret, only after whitespace or at the start', () => {
    expect(activeMention('hi @iva', 7)).toEqual({ start: 3, query: 'iva' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('mail a@b', 8)).toBeNull();
    expect(activeMention('hi @ivan done', 13)).toBeNull();
  });

  it('inserts the handle and a space, replacing the rest of the word', () => {
    expect(insertMention('hi @iv there', 3, 6, 'IvanPetrov')).toEqual({ text: 'hi @IvanPetrov there', caret: 15 });
    expect(insertMention('@m', 0, 2, 'Mira')).toEqual({ text: '@Mira ', caret: 6 });
  });

  it('uses the name without spaces as the handle, in any alphabet', () => {
    expect(handleFor({ id: 1, name: 'Mira Tester' }, 'mi')).toBe('MiraTester');
    expect(handleFor({ id: 2, name: 'Иван Петров' }, 'ivan')).toBe('ИванПетров');
  });

  it('falls back to what was typed when the name cannot be a handle', () => {
    expect(handleFor({ id: 3, name: 'O’Brien & Co' }, 'obrien')).toBe('obrien');
  });
});
