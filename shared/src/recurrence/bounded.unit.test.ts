import { describe, expect, it } from 'vitest';
import { anchorNear, datesFrom, firstAfter, RuleTooCostly, withStartDefaults } from './bounded.ts';
import { RRule } from './rrule-lib.ts';
import { checkRule, latestOccurrence, nextOccurrence, ruleOptions, utcMidnight } from './rule.ts';

const now = new Date('2026-11-26T15:00:00Z');
const today = utcMidnight(now);

/**
 * The CPU time of this thread for the fastest of a few runs, in milliseconds: other processes on a
 * busy machine do not count, and a run only ever gets slower from caches and collections.
 */
function fastest(fn: () => unknown, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const began = process.threadCpuUsage();
    fn();
    const spent = process.threadCpuUsage(began);
    best = Math.min(best, (spent.user + spent.system) / 1000);
  }
  return best;
}

// Worst cases for rrule's walk: old starts with fine frequencies, filters that never or rarely match,
// huge COUNT and INTERVAL, a far UNTIL, long BY lists.
const worst = [
  'DTSTART:16000101T000000Z\nRRULE:FREQ=SECONDLY',
  'DTSTART:19000101T000000Z\nRRULE:FREQ=MINUTELY',
  'DTSTART:19000101T000000Z\nRRULE:FREQ=HOURLY',
  'DTSTART:16000101T000000Z\nRRULE:FREQ=HOURLY',
  'FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO',
  'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO',
  'FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30',
  'FREQ=DAILY;BYWEEKNO=53;BYMONTH=6',
  'FREQ=HOURLY;BYYEARDAY=366;BYDAY=SU;BYHOUR=23',
  'FREQ=WEEKLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=SU;BYSETPOS=-1',
  'FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2,4,6,9,11',
  'FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH;BYMONTH=1;BYMONTHDAY=1',
  'FREQ=HOURLY;COUNT=100000000',
  'FREQ=DAILY;COUNT=100000;BYMONTH=2;BYMONTHDAY=29',
  'FREQ=HOURLY;INTERVAL=1000',
  'FREQ=DAILY;INTERVAL=997;BYDAY=MO;BYMONTHDAY=13',
  'FREQ=HOURLY;UNTIL=99991231T235959Z;BYMONTH=2;BYMONTHDAY=29;BYDAY=SU',
  `FREQ=YEARLY;BYSETPOS=${Array.from({ length: 100 }, (_, i) => i + 1).join(',')};BYDAY=MO;BYMONTH=2;BYMONTHDAY=29`,
  `FREQ=MONTHLY;COUNT=100000;BYMONTHDAY=${Array.from({ length: 31 }, (_, i) => i + 1).join(',')}`,
  'FREQ=DAILY;UNTIL=99991231T000000Z',
  `FREQ=DAILY;BYHOUR=${Array.from({ length: 24 }, (_, i) => i).join(',')};BYMINUTE=${Array.from({ length: 60 }, (_, i) => i).join(',')}`,
  `FREQ=YEARLY;BYYEARDAY=${Array.from({ length: 60 }, (_, i) => -(i + 1)).join(',')};BYDAY=MO;BYSETPOS=-1`,
];

describe('a rule costs a few milliseconds at most', () => {
  for (const rule of worst) {
    it(`checks ${rule.replace('\n', ' ').slice(0, 70)}`, () => {
      checkRule(rule, today, now);
      expect(fastest(() => checkRule(rule, today, now))).toBeLessThan(50);
    });
  }

  // Rules stored before the floor and the budget existed: the scheduler's questions stay cheap.
  for (const [rule, dtstart] of [
    ['FREQ=HOURLY', '1600-01-01T00:00:00Z'],
    ['FREQ=MINUTELY', '1900-01-01T00:00:00Z'],
    ['FREQ=SECONDLY', '1900-01-01T00:00:00Z'],
    ['FREQ=HOURLY;COUNT=100000000', '1900-01-01T00:00:00Z'],
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', '2026-01-01T00:00:00Z'],
    ['FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', '1900-01-01T00:00:00Z'],
  ] as const) {
    it(`answers next and latest for a stored ${rule} from ${dtstart.slice(0, 4)}`, () => {
      const start = new Date(dtstart);
      const ask = () => {
        try {
          nextOccurrence(rule, start, now);
        } catch (err) {
          expect(err).toBeInstanceOf(RuleTooCostly);
        }
        latestOccurrence(rule, start, now, new Date('2026-11-20T00:00:00Z'));
      };
      expect(fastest(ask)).toBeLessThan(50);
    });
  }
});

describe('the walk starts near the date asked about and gives the same dates', () => {
  const cases: [string, string][] = [
    ['FREQ=HOURLY;INTERVAL=5;BYMINUTE=30', '2026-03-03T10:17:00Z'],
    ['FREQ=HOURLY;INTERVAL=7;BYDAY=MO,FR;BYHOUR=1,8,15,22', '2026-01-05T01:00:00Z'],
    ['FREQ=DAILY;INTERVAL=3', '2026-01-01T09:45:00Z'],
    ['FREQ=WEEKLY;INTERVAL=2', '2026-01-07T00:00:00Z'],
    ['FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,WE;BYSETPOS=1;WKST=SU', '2026-01-07T00:00:00Z'],
    ['FREQ=MONTHLY;INTERVAL=2', '2026-01-31T00:00:00Z'],
    ['FREQ=MONTHLY;BYDAY=-1FR', '2026-01-01T00:00:00Z'],
    ['FREQ=MONTHLY;INTERVAL=5;BYDAY=TU;BYSETPOS=2', '2026-01-01T00:00:00Z'],
    ['FREQ=YEARLY;INTERVAL=2', '2024-02-29T00:00:00Z'],
    ['FREQ=YEARLY;BYWEEKNO=20;BYDAY=WE', '2026-01-01T00:00:00Z'],
    ['FREQ=DAILY;UNTIL=20270301T000000Z;INTERVAL=11', '2026-01-01T00:00:00Z'],
  ];
  for (const [rule, dtstart] of cases) {
    it(rule, () => {
      const start = new Date(dtstart);
      const plain = new RRule({ ...ruleOptions(rule), dtstart: start });
      for (const at of ['2026-06-15T12:34:00Z', '2026-11-26T15:00:00Z', '2027-02-28T23:00:00Z']) {
        const when = new Date(at);
        expect(nextOccurrence(rule, start, when), at).toEqual(plain.after(when, false));
        expect(latestOccurrence(rule, start, when, new Date(when.getTime() - 40 * 86400_000)), at).toEqual(
          plain.before(when, true)! >= new Date(when.getTime() - 40 * 86400_000) ? plain.before(when, true) : null,
        );
      }
    });
  }

  it('moves the start only for rules without COUNT', () => {
    const hourly = withStartDefaults(ruleOptions('FREQ=HOURLY;INTERVAL=5'), new Date('2026-01-01T10:17:00Z'));
    expect(anchorNear(hourly, new Date('2026-01-01T10:17:00Z'), new Date('2026-01-03T00:00:00Z'))).toEqual(new Date('2026-01-02T21:00:00Z'));
    const counted = ruleOptions('FREQ=HOURLY;COUNT=500');
    expect(anchorNear(counted, new Date('2026-01-01T10:17:00Z'), new Date('2026-01-03T00:00:00Z'))).toEqual(new Date('2026-01-01T10:17:00Z'));
  });
});

describe('the budget', () => {
  it('stops a walk the checks before it do not catch', () => {
    // 29 February on a Monday comes in 2044: rrule would walk 150,000 hours to find it.
    const options = ruleOptions('FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO');
    expect(() => firstAfter(options, today, now)).toThrow(RuleTooCostly);
    expect(datesFrom(options, today, today, () => true)).toEqual({ dates: [], complete: false });
    expect(checkRule('FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', today, now)).toEqual({ problem: 'recurrence.tooCostly' });
    // The same date through a YEARLY rule is 18 periods away: well within its budget.
    expect(firstAfter(ruleOptions('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO'), today, now)).toEqual(new Date('2044-02-29T00:00:00Z'));
  });

  it('refuses a COUNT whose run does not fit, and keeps one that does', () => {
    expect(checkRule('FREQ=HOURLY;COUNT=100000000', today, now)).toEqual({ problem: 'recurrence.tooCostly' });
    expect(checkRule('FREQ=DAILY;COUNT=500', today, now)).toMatchObject({ next: new Date('2026-11-27T00:00:00Z') });
  });
});

describe('the start floor', () => {
  it('refuses a DTSTART more than a year back, and starts a rule without one today when the due date is that old', () => {
    expect(checkRule('DTSTART:19000101T000000Z\nRRULE:FREQ=HOURLY', today, now)).toEqual({ problem: 'recurrence.tooEarly' });
    expect(checkRule('DTSTART:20251125T000000Z\nRRULE:FREQ=DAILY', today, now)).toEqual({ problem: 'recurrence.tooEarly' });
    expect(checkRule('DTSTART:20251126T000000Z\nRRULE:FREQ=HOURLY', today, now)).toMatchObject({ next: new Date('2026-11-26T16:00:00Z') });
    expect(checkRule('FREQ=WEEKLY', new Date('1900-01-01T00:00:00Z'), now)).toMatchObject({ dtstart: today });
  });
});
