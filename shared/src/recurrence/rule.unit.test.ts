import { describe, expect, it } from 'vitest';
import { recurrenceInputSchema } from '../api/recurrence.ts';
import { checkRule, latestOccurrence, nextOccurrence, utcMidnight } from './rule.ts';

const now = new Date('2026-11-26T15:00:00Z');
const start = utcMidnight('2026-11-26');
const problem = (rule: string) => {
  const r = checkRule(rule, start, now);
  return 'problem' in r ? r.problem : null;
};

describe('checkRule', () => {
  it('accepts the presets and custom rules, with or without RRULE: and DTSTART', () => {
    for (const rule of ['FREQ=DAILY', 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE', 'FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2', 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1', 'FREQ=HOURLY', 'freq=daily;interval=3', 'DTSTART:20260101T000000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15']) {
      expect(problem(rule), rule).toBeNull();
    }
  });

  it('stores the rule without DTSTART and anchors at DTSTART or the fallback', () => {
    expect(checkRule('DTSTART:20260101T000000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15', start, now)).toEqual({ rule: 'FREQ=MONTHLY;BYMONTHDAY=15', dtstart: new Date('2026-01-01T00:00:00Z'), next: new Date('2026-12-15T00:00:00Z') });
    expect(checkRule('FREQ=WEEKLY;BYDAY=MO', start, now)).toMatchObject({ dtstart: start, next: new Date('2026-11-30T00:00:00Z') });
  });

  it('refuses text rrule cannot read', () => {
    for (const rule of ['every monday', 'BYDAY=MO', 'FREQ=DAILY;FOO=1', 'FREQ=DAILY;INTERVAL=0', 'FREQ=WEEKLY\nRRULE:FREQ=DAILY', 'DTSTART;TZID=Europe/Moscow:20260101T000000\nRRULE:FREQ=DAILY', '', 'FREQ=DAILY;BYMONTHDAY=32', 'FREQ=MONTHLY;BYMONTHDAY=0', 'FREQ=YEARLY;BYMONTH=13', 'FREQ=DAILY;BYSETPOS=2']) {
      expect(problem(rule), rule).toBe('recurrence.invalid');
    }
  });

  it('refuses a rule that produces no future date, quickly', () => {
    const began = Date.now();
    for (const rule of ['FREQ=DAILY;COUNT=1', 'DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY;COUNT=3', 'FREQ=WEEKLY;UNTIL=20200101T000000Z', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4', 'FREQ=DAILY;INTERVAL=7;BYDAY=TU', 'FREQ=HOURLY;INTERVAL=24;BYHOUR=5', 'FREQ=HOURLY;INTERVAL=168;BYDAY=MO', 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=10']) {
      expect(problem(rule), rule).toBe('recurrence.never');
    }
    expect(Date.now() - began).toBeLessThan(5000);
  });

  it('refuses more than one date an hour', () => {
    for (const rule of ['FREQ=MINUTELY', 'FREQ=SECONDLY;INTERVAL=3600', 'FREQ=HOURLY;BYMINUTE=0,30', 'FREQ=DAILY;BYHOUR=9;BYMINUTE=0,15']) {
      expect(problem(rule), rule).toBe('recurrence.tooFrequent');
    }
    expect(problem('FREQ=DAILY;BYHOUR=9,10')).toBeNull();
    // A rare date is found without sampling centuries (29 February on a Monday: 2044).
    expect(checkRule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', start, now)).toMatchObject({ next: new Date('2044-02-29T00:00:00Z') });
  });

  it('refuses an overlong rule', () => {
    expect(problem(`FREQ=DAILY;${'BYHOUR=1;'.repeat(60)}`)).toBe('recurrence.tooLong');
  });
});

describe('occurrences', () => {
  it('finds the next and the latest due date', () => {
    expect(nextOccurrence('FREQ=MONTHLY;BYDAY=2TU', start, now)).toEqual(new Date('2026-12-08T00:00:00Z'));
    expect(latestOccurrence('FREQ=DAILY', start, new Date('2026-12-03T10:00:00Z'))).toEqual(new Date('2026-12-03T00:00:00Z'));
  });
});

describe('recurrenceInputSchema', () => {
  it('parses a good rule and names the problem of a bad one on rrule', () => {
    expect(recurrenceInputSchema.parse({ rrule: 'FREQ=DAILY', mode: 'on_complete' })).toEqual({ rrule: 'FREQ=DAILY', mode: 'on_complete' });
    const bad = recurrenceInputSchema.safeParse({ rrule: 'FREQ=MINUTELY', mode: 'schedule' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['rrule'], message: 'recurrence.tooFrequent' });
    expect(recurrenceInputSchema.safeParse({ rrule: 'FREQ=DAILY', mode: 'later' }).success).toBe(false);
  });
});
