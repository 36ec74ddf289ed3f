import { describe, expect, it } from 'vitest';
import { activeMention, insertMention } from './mention.ts';

describe('mention autocomplete', () => {
  it('finds the @word at the caret, only after whitespace or at the start', () => {
    expect(activeMention('hi @iva', 7)).toEqual({ start: 3, query: 'iva' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('mail a@b', 8)).toBeNull();
    expect(activeMention('hi @ivan done', 13)).toBeNull();
  });

  it('inserts the name as written and a space, replacing the rest of the word', () => {
    expect(insertMention('hi @iv there', 3, 6, 'Иван Петров')).toEqual({ text: 'hi @Иван Петров there', caret: 16 });
    expect(insertMention('@m', 0, 2, 'Mira')).toEqual({ text: '@Mira ', caret: 6 });
  });
});
