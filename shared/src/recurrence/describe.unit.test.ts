import { describe, expect, it } from 'vitest';
import { createTranslator, type TextValues } from '../i18n/translator.ts';
import type { Locale } from '../locales.ts';
import { describeRule } from './describe.ts';

const translator = createTranslator();
await translator.load(['recurrence']);
const say = (locale: Locale, rule: string) => describeRule(rule, (key, values) => translator.text(locale, key, values as TextValues), locale);

describe('describeRule in Russian', () => {
  const cases: [string, string][] = [
    ['FREQ=DAILY', 'каждый день'],
    ['FREQ=DAILY;INTERVAL=2', 'каждые 2 дня'],
    ['FREQ=DAILY;INTERVAL=5', 'каждые 5 дней'],
    ['FREQ=DAILY;INTERVAL=21', 'каждый 21 день'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'по будням'],
    ['FREQ=DAILY;BYDAY=FR,MO,TU,WE,TH', 'по будням'],
    ['FREQ=WEEKLY;BYDAY=MO,WE', 'каждую неделю по понедельникам и средам'],
    ['FREQ=WEEKLY;BYDAY=WE,MO,FR', 'каждую неделю по понедельникам, средам и пятницам'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', 'каждые 2 недели по пятницам'],
    ['FREQ=WEEKLY;INTERVAL=5;BYDAY=SU', 'каждые 5 недель по воскресеньям'],
    ['FREQ=WEEKLY', 'каждую неделю'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'каждый месяц 15-го числа'],
    ['FREQ=MONTHLY;BYMONTHDAY=15,1', 'каждый месяц 1-го и 15-го числа'],
    ['FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1', 'каждые 3 месяца 1-го числа'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'каждый месяц в последний день'],
    ['FREQ=MONTHLY;BYDAY=2TU', 'каждый второй вторник месяца'],
    ['FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2', 'каждый второй вторник месяца'],
    ['FREQ=MONTHLY;BYDAY=1WE', 'каждую первую среду месяца'],
    ['FREQ=MONTHLY;BYDAY=3SU', 'каждое третье воскресенье месяца'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'в последнюю пятницу каждого месяца'],
    ['FREQ=MONTHLY;BYDAY=-1MO', 'в последний понедельник каждого месяца'],
    ['FREQ=MONTHLY;BYDAY=-1SU', 'в последнее воскресенье каждого месяца'],
    ['FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU', 'каждые 2 месяца во второй вторник'],
    ['FREQ=MONTHLY;INTERVAL=2;BYDAY=-1SA', 'каждые 2 месяца в последнюю субботу'],
    ['FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1', 'каждый год 1 марта'],
    ['FREQ=YEARLY;INTERVAL=2;BYMONTH=12;BYMONTHDAY=31', 'каждые 2 года 31 декабря'],
    ['FREQ=YEARLY;INTERVAL=5', 'каждые 5 лет'],
    ['FREQ=HOURLY;INTERVAL=3', 'каждые 3 часа'],
    ['FREQ=DAILY;COUNT=5', 'каждый день, 5 раз'],
    ['FREQ=DAILY;COUNT=3', 'каждый день, 3 раза'],
    ['FREQ=WEEKLY;BYDAY=MO;UNTIL=20271231T000000Z', 'каждую неделю по понедельникам, до 31 декабря 2027 г.'],
    ['DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY', 'каждый день'],
    ['RRULE:FREQ=DAILY', 'каждый день'],
    ['FREQ=DAILY;BYHOUR=9,18', 'по особому правилу: FREQ=DAILY;BYHOUR=9,18'],
    ['FREQ=YEARLY;BYWEEKNO=20', 'по особому правилу: FREQ=YEARLY;BYWEEKNO=20'],
  ];
  for (const [rule, words] of cases) it(`${rule} → ${words}`, () => expect(say('ru', rule)).toBe(words));
});

describe('describeRule in English', () => {
  const cases: [string, string][] = [
    ['FREQ=DAILY', 'every day'],
    ['FREQ=DAILY;INTERVAL=2', 'every 2 days'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'every weekday'],
    ['FREQ=WEEKLY;BYDAY=MO,WE', 'every week on Monday and Wednesday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', 'every 2 weeks on Friday'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'monthly on the 15th'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,2,3,22', 'monthly on the 1st, 2nd, 3rd, and 22nd'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'monthly on the last day'],
    ['FREQ=MONTHLY;BYDAY=2TU', 'every second Tuesday of the month'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'on the last Friday of every month'],
    ['FREQ=MONTHLY;INTERVAL=2;BYDAY=1MO', 'every 2 months on the first Monday'],
    ['FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1', 'yearly on March 1'],
    ['FREQ=DAILY;COUNT=1', 'every day, 1 time'],
    ['FREQ=DAILY;BYHOUR=9', 'every day at 9'],
  ];
  for (const [rule, words] of cases) it(`${rule} → ${words}`, () => expect(say('en', rule)).toBe(words));

  it('joins days without Intl.ListFormat (older iOS web views)', () => {
    const listFormat = Intl.ListFormat;
    try {
      Reflect.deleteProperty(Intl, 'ListFormat');
      expect(say('ru', 'FREQ=WEEKLY;BYDAY=MO,WE,FR')).toBe('каждую неделю по понедельникам, средам и пятницам');
      expect(say('en', 'FREQ=WEEKLY;BYDAY=MO,WE')).toBe('every week on Monday and Wednesday');
    } finally {
      Object.assign(Intl, { ListFormat: listFormat });
    }
  });

  it('gives unreadable text back as it is', () => {
    expect(say('en', 'nonsense')).toBe('nonsense');
    expect(say('ru', 'FREQ=NEVER')).toBe('FREQ=NEVER');
  });
});
