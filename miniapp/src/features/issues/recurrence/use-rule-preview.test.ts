import { createTranslator, type TextValues } from '@tracker/shared/i18n/translator';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { previewRule } from './use-rule-preview.ts';

const translator = createTranslator();
await translator.load(['recurrence']);
const tIn = (locale: 'ru' | 'en') => ((key: string, values?: TextValues) => translator.text(locale, key, values)) as unknown as TFunction;
const now = new Date('2026-11-26T15:00:00Z');

describe('the repeat editor preview', () => {
  it('says the rule in words and gives the next date after the due date', () => {
    expect(previewRule('FREQ=WEEKLY;BYDAY=MO', '2026-12-07', tIn('ru'), 'ru', now)).toEqual({ words: 'каждую неделю по понедельникам', problem: null, next: new Date('2026-12-14T00:00:00Z') });
    expect(previewRule('FREQ=MONTHLY;BYDAY=2TU', null, tIn('en'), 'en', now)).toEqual({ words: 'every second Tuesday of the month', problem: null, next: new Date('2026-12-08T00:00:00Z') });
  });

  it('names the problem of a refused rule in the reader language', () => {
    expect(previewRule('FREQ=MINUTELY', null, tIn('ru'), 'ru', now).problem).toBe('Повтор не может быть чаще одного раза в час');
    expect(previewRule('FREQ=DAILY;COUNT=1', null, tIn('en'), 'en', now).problem).toBe('This rule produces no more dates');
    expect(previewRule(null, null, tIn('en'), 'en', now)).toEqual({ words: null, problem: null, next: null });
  });
});
