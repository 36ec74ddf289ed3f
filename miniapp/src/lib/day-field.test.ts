import { describe, expect, it } from 'vitest';
import { dayToLocalDate, formatDayField, localDateToDay, parseDayField } from './day-field.ts';

describe('a date box’s text', () => {
  it('shows a day as the language writes it: 26.11.2026 in Russian (ru-RU), 11/26/2026 in English (en-US)', () => {
    expect(formatDayField('2026-11-26', 'ru')).toBe('26.11.2026');
    expect(formatDayField('2026-11-26', 'en')).toBe('11/26/2026');
    expect(formatDayField('2027-03-05', 'ru')).toBe('05.03.2027');
    expect(formatDayField('2027-03-05', 'en')).toBe('03/05/2027');
    expect(formatDayField('', 'ru')).toBe('');
    expect(formatDayField('not a day', 'en')).toBe('');
  });

  it('reads back what it shows, in either language, and ISO yyyy-mm-dd', () => {
    for (const locale of ['ru', 'en'] as const) {
      expect(parseDayField(formatDayField('2026-11-26', locale), locale)).toEqual({ ok: true, value: '2026-11-26' });
      expect(parseDayField('2026-11-26', locale)).toEqual({ ok: true, value: '2026-11-26' });
    }
    expect(parseDayField(' 5.3.2027 ', 'ru')).toEqual({ ok: true, value: '2027-03-05' });
    expect(parseDayField('05/03/27', 'ru')).toEqual({ ok: true, value: '2027-03-05' });
    expect(parseDayField('3/5/27', 'en')).toEqual({ ok: true, value: '2027-03-05' });
    expect(parseDayField('5-3-2027', 'ru')).toEqual({ ok: true, value: '2027-03-05' });
  });

  it('takes empty text as no date', () => {
    expect(parseDayField('', 'ru')).toEqual({ ok: true, value: '' });
    expect(parseDayField('   ', 'en')).toEqual({ ok: true, value: '' });
  });

  it('refuses text that is not a day, and days that do not exist', () => {
    for (const text of ['tomorrow', '26.11', '11/26/2026', '31.02.2026', '2026-02-30', '2026-13-01', '26.11.20266', '00.01.2026']) {
      expect(parseDayField(text, 'ru'), text).toEqual({ ok: false, problem: 'format' });
    }
    for (const text of ['26/11/2026', '02/31/2026', '13/01/2026']) expect(parseDayField(text, 'en'), text).toEqual({ ok: false, problem: 'format' });
  });

  it('refuses a day before min or after max, and takes the bounds themselves', () => {
    const bounds = { min: '2026-11-30', max: '2026-12-31' };
    expect(parseDayField('29.11.2026', 'ru', bounds)).toEqual({ ok: false, problem: 'min' });
    expect(parseDayField('30.11.2026', 'ru', bounds)).toEqual({ ok: true, value: '2026-11-30' });
    expect(parseDayField('2026-12-31', 'ru', bounds)).toEqual({ ok: true, value: '2026-12-31' });
    expect(parseDayField('01/01/2027', 'en', bounds)).toEqual({ ok: false, problem: 'max' });
    expect(parseDayField('', 'ru', bounds)).toEqual({ ok: true, value: '' });
  });

  it('turns a day into the calendar’s local midnight and back', () => {
    const date = dayToLocalDate('2026-03-29');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2026, 2, 29, 0]);
    expect(localDateToDay(date)).toBe('2026-03-29');
  });
});
