import { describe, expect, it } from 'vitest';
import { filterItems, fold } from './filter.ts';

const items = ['В работе', 'Ещё не начата', 'Готово', 'In progress', 'Done', 'Ёлка'].map((text, id) => ({ id, text }));
const texts = (q: string) => filterItems(items, q).map((i) => i.text);

describe('picker filter', () => {
  it('keeps every item, in order, for an empty or blank query', () => {
    expect(texts('')).toEqual(items.map((i) => i.text));
    expect(texts('   ')).toHaveLength(items.length);
  });

  it('matches a part of a Russian name in any case', () => {
    expect(texts('РАБ')).toEqual(['В работе']);
    expect(texts('гото')).toEqual(['Готово']);
  });

  it('matches a part of an English name in any case', () => {
    expect(texts('PROG')).toEqual(['In progress']);
    expect(texts('on')).toEqual(['Done']);
  });

  it('treats ё and е as one letter, both ways and in capitals', () => {
    expect(texts('еще')).toEqual(['Ещё не начата']);
    expect(texts('ЕЩЁ')).toEqual(['Ещё не начата']);
    expect(texts('елк')).toEqual(['Ёлка']);
    expect(fold('ЁЖ')).toBe('еж');
  });

  it('finds nothing for text no item holds', () => {
    expect(texts('zzz')).toEqual([]);
  });
});
