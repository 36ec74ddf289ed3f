import { describe, expect, it } from 'vitest';
import parse from 'parse-duration';
import { formatDuration, formatDurationLong, MAX_ENTRY_MINUTES, parseDuration } from './duration.ts';
import { createTranslator } from './i18n/translator.ts';

const minutes = (text: string) => {
  const r = parseDuration(text);
  return r.ok ? r.minutes : r.error;
};

describe('parseDuration', () => {
  it.each([
    ['1h 30m', 90],
    ['1ч 30м', 90],
    ['90m', 90],
    ['1.5h', 90],
    ['1,5ч', 90],
    ['2h', 120],
    ['45 мин', 45],
    ['1 час 30 минут', 90],
    ['2 часа 15 минут', 135],
    ['5 часов', 300],
    ['1 минута', 1],
    ['3 минуты', 3],
    ['1H 30M', 90],
    ['1h30', 90],
    ['1ч30', 90],
    ['1h 30', 90],
    ['  1 hour, 5 minutes ', 65],
    ['1 hr 1 min', 61],
    ['30 мин.', 30],
    ['0.25h', 15],
    ['24h', MAX_ENTRY_MINUTES],
  ])('%s → %i minutes', (text, expected) => {
    expect(minutes(text)).toBe(expected);
  });

  it.each([
    ['', 'validation.duration'],
    ['   ', 'validation.duration'],
    ['abc', 'validation.duration'],
    ['90', 'validation.duration'],
    ['2 apples 5m', 'validation.duration'],
    ['1d', 'validation.duration'],
    ['30s', 'validation.duration'],
    ['h', 'validation.duration'],
    ['1..5h', 'validation.duration'],
    ['1h' + ' 1m'.repeat(30), 'validation.duration'],
    ['0h', 'validation.durationMin'],
    ['0m', 'validation.durationMin'],
    ['0.001h', 'validation.durationMin'],
    ['-1h', 'validation.durationMin'],
    ['−30m', 'validation.durationMin'],
    ['24h 1m', 'validation.durationMax'],
    ['25ч', 'validation.durationMax'],
    ['1e9h', 'validation.duration'],
  ])('%j is refused with %s', (text, expected) => {
    expect(minutes(text)).toBe(expected);
  });

  it('rounds to the nearest minute', () => {
    expect(minutes('1.333h')).toBe(80);
    expect(minutes('0.01h')).toBe(1);
  });

  it('leaves parse-duration’s own unit table as it was', () => {
    const before = parse.unit;
    parseDuration('1ч 30м');
    expect(parse.unit).toBe(before);
    expect(parse('1,5h')).toBe(parse('15h'));
  });
});

describe('formatDuration', () => {
  const tr = createTranslator();
  const ru = (key: string, values?: Record<string, string | number>) => tr.text('ru', key, values);
  const en = (key: string, values?: Record<string, string | number>) => tr.text('en', key, values);

  it('writes the compact form per language, which parses back', () => {
    expect(formatDuration(90, en)).toBe('1h 30m');
    expect(formatDuration(90, ru)).toBe('1 ч 30 мин');
    expect(formatDuration(120, en)).toBe('2h');
    expect(formatDuration(45, ru)).toBe('45 мин');
    expect(formatDuration(0, en)).toBe('0m');
    expect(formatDuration(1500, ru)).toBe('25 ч');
    for (const n of [1, 59, 60, 61, 90, 1439, 1440]) {
      expect(minutes(formatDuration(n, ru))).toBe(n);
      expect(minutes(formatDuration(n, en))).toBe(n);
    }
  });

  it('writes the long form with Russian plurals', () => {
    expect(formatDurationLong(60, ru)).toBe('1 час');
    expect(formatDurationLong(120, ru)).toBe('2 часа');
    expect(formatDurationLong(300, ru)).toBe('5 часов');
    expect(formatDurationLong(21 * 60 + 21, ru)).toBe('21 час 21 минута');
    expect(formatDurationLong(22 * 60 + 2, ru)).toBe('22 часа 2 минуты');
    expect(formatDurationLong(11 * 60 + 11, ru)).toBe('11 часов 11 минут');
    expect(formatDurationLong(90, en)).toBe('1 hour 30 minutes');
    expect(formatDurationLong(61, en)).toBe('1 hour 1 minute');
    expect(formatDurationLong(0, en)).toBe('0 minutes');
  });
});
