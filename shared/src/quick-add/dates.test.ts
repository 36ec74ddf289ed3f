import { describe, expect, it } from 'vitest';
import { parseQuickAdd, type QuickAddOptions } from './index.ts';

// Sunday 22 November 2026, 13:00 in Moscow.
const NOW = new Date('2026-11-22T10:00:00Z');
const MSK: QuickAddOptions = { now: NOW, timeZone: 'Europe/Moscow' };

function parse(phrase: string, options: Partial<QuickAddOptions> = {}) {
  return parseQuickAdd(`Задача ${phrase} end`, { ...MSK, ...options });
}

/** The phrase is recognised as one due token and leaves only the surrounding words. */
function expectDue(phrase: string, expected: string, options: Partial<QuickAddOptions> = {}) {
  const result = parse(phrase, options);
  expect(result.dueDate, phrase).toBe(expected);
  expect(result.tokens, phrase).toEqual([{ kind: 'due', text: phrase, start: 7, end: 7 + phrase.length }]);
  expect(result.title, phrase).toBe('Задача end');
}

function expectNoDate(phrase: string) {
  const result = parse(phrase);
  expect(result.dueDate, phrase).toBeNull();
  expect(result.title, phrase).toBe(`Задача ${phrase} end`);
}

describe('weekdays: the next such day strictly after today (Sunday 2026-11-22)', () => {
  const table: [string, string[]][] = [
    ['2026-11-23', ['monday', 'Monday', 'mon', 'on monday', 'next Monday', 'by mon', 'due monday', 'пн', 'понедельник',
      'ПОНЕДЕЛЬНИК', 'в понедельник', 'в следующий понедельник', 'до понедельника', 'до следующего понедельника', 'к понедельнику']],
    ['2026-11-24', ['tuesday', 'tue', 'tues', 'on tuesday', 'вт', 'вторник', 'во вторник', 'до вторника', 'к вторнику']],
    ['2026-11-25', ['wednesday', 'on wed', 'next wed', 'ср', 'в среду', 'в следующую среду', 'до среды', 'к среде']],
    ['2026-11-26', ['thursday', 'thu', 'thur', 'thurs', 'чт', 'четверг', 'в четверг', 'до четверга', 'к четвергу']],
    ['2026-11-27', ['friday', 'FRI', 'fri', 'пт', 'пятница', 'пятницу', 'в пятницу', 'в следующую пятницу', 'до пятницы',
      'до следующей пятницы', 'к пятнице', 'к следующей пятнице']],
    ['2026-11-28', ['saturday', 'on sat', 'next sat', 'сб', 'суббота', 'субботу', 'в субботу', 'до субботы', 'к субботе']],
    ['2026-11-29', ['sunday', 'on sun', 'вс', 'воскресенье', 'в воскресенье', 'в следующее воскресенье', 'до воскресенья',
      'к воскресенью']],
  ];
  for (const [expected, phrases] of table) {
    it(`${expected}: ${phrases.join(', ')}`, () => {
      for (const phrase of phrases) expectDue(phrase, expected);
    });
  }

  it('words that are also ordinary words need a preposition', () => {
    for (const phrase of ['sat', 'sun', 'wed', 'среда', 'среду']) expectNoDate(phrase);
    expect(parseQuickAdd('The cat sat on the mat', MSK).title).toBe('The cat sat on the mat');
    expect(parseQuickAdd('Настроить тестовую среду', MSK).dueDate).toBeNull();
    expect(parseQuickAdd('Ошибка в среде разработки', MSK).dueDate).toBeNull();
  });

  it('genitive and dative forms count only after до / к', () => {
    for (const phrase of ['пятницы', 'пятнице', 'понедельника', 'в пятницы']) expect(parse(phrase).dueDate, phrase).toBeNull();
  });
});

describe('relative days', () => {
  const table: [string, string][] = [
    ['today', '2026-11-22'], ['сегодня', '2026-11-22'], ['Сегодня', '2026-11-22'], ['due today', '2026-11-22'],
    ['tomorrow', '2026-11-23'], ['завтра', '2026-11-23'], ['by tomorrow', '2026-11-23'], ['до завтра', '2026-11-23'],
    ['послезавтра', '2026-11-24'], ['day after tomorrow', '2026-11-24'], ['the day after tomorrow', '2026-11-24'],
    ['yesterday', '2026-11-21'], ['вчера', '2026-11-21'],
    ['in 3 days', '2026-11-25'], ['in 1 day', '2026-11-23'], ['in a week', '2026-11-29'], ['in 2 weeks', '2026-12-06'],
    ['in two weeks', '2026-12-06'], ['due in 10 days', '2026-12-02'],
    ['через 3 дня', '2026-11-25'], ['через 5 дней', '2026-11-27'], ['через 1 день', '2026-11-23'],
    ['через 21 день', '2026-12-13'], ['через три дня', '2026-11-25'], ['через неделю', '2026-11-29'],
    ['через 2 недели', '2026-12-06'], ['через две недели', '2026-12-06'], ['через 1 неделю', '2026-11-29'],
    ['end of month', '2026-11-30'], ['by the end of the month', '2026-11-30'], ['в конце месяца', '2026-11-30'],
    ['до конца месяца', '2026-11-30'], ['к концу месяца', '2026-11-30'],
  ];
  it.each(table)('%s → %s', (phrase, expected) => expectDue(phrase, expected));

  it('"через день" (every other day) is not a date', () => expectNoDate('через день'));

  // Deliberately changed in issue 27: English weeks started on Sunday here (and on Monday in the bot);
  // both languages now start them on Monday (weekStart, shared/src/dates.ts).
  it('next week starts on Monday in both languages', () => {
    for (const locale of ['ru', 'en'] as const) {
      for (const phrase of ['next week', 'by next week', 'на следующей неделе', 'к следующей неделе', 'до следующей недели']) {
        expectDue(phrase, '2026-11-23', { locale });
      }
    }
  });

  it('this week ends on its Sunday: today on a Sunday, the coming one on a Wednesday', () => {
    const phrases = ['this week', 'by this week', 'end of week', 'by the end of the week', 'at the end of this week',
      'на этой неделе', 'до конца недели', 'к концу недели', 'в конце этой недели'];
    const wednesday = new Date('2026-11-25T10:00:00Z');
    for (const locale of ['ru', 'en'] as const) {
      for (const phrase of phrases) {
        expectDue(phrase, '2026-11-22', { locale });
        expectDue(phrase, '2026-11-29', { locale, now: wednesday });
      }
    }
  });
});

describe('explicit dates', () => {
  const table: [string, string][] = [
    ['25.12', '2026-12-25'], ['25.12.2027', '2027-12-25'], ['5.1.2027', '2027-01-05'], ['25.12.27', '2027-12-25'],
    ['2026-12-25', '2026-12-25'], ['due 2026-12-25', '2026-12-25'], ['до 25.12', '2026-12-25'],
    ['22.11', '2026-11-22'], ['01.03', '2027-03-01'], ['21.11', '2027-11-21'], ['29.02.2028', '2028-02-29'],
    ['25 декабря', '2026-12-25'], ['25 дек', '2026-12-25'], ['25 дек.', '2026-12-25'], ['к 25 декабря', '2026-12-25'],
    ['1 марта', '2027-03-01'], ['9 мая', '2027-05-09'], ['3 сент', '2027-09-03'], ['25 декабря 2027', '2027-12-25'],
    ['25 декабря 2027 г.', '2027-12-25'],
    ['Dec 25', '2026-12-25'], ['dec. 25', '2026-12-25'], ['December 25', '2026-12-25'], ['25 Dec', '2026-12-25'],
    ['25th of December', '2026-12-25'], ['Dec 25th, 2027', '2027-12-25'], ['by Dec 25', '2026-12-25'],
    ['on March 1', '2027-03-01'], ['Sept 3', '2027-09-03'],
  ];
  it.each(table)('%s → %s', (phrase, expected) => expectDue(phrase, expected));

  it('impossible dates stay in the title', () => {
    for (const phrase of ['31.02', '31.04.2027', '29.02.2027', '2026-13-01', '2026-02-30', '32 декабря', 'Feb 30', '00.12', '12.00']) {
      expectNoDate(phrase);
    }
  });
});

describe('date words inside other words are not dates', () => {
  it.each([
    'todays', 'сегодняшний', 'завтрашний', 'Sundays', 'monday-ish', "tomorrow's", 'завтра-послезавтра', 'file.today',
    'pre-tomorrow', 'вторника', 'friday2', '1.2.3.4', '25.12.2027x', '2026-12-25-draft', 'v25.12', 'mondayfriday',
  ])('%s', (phrase) => expectNoDate(phrase));
});

describe('several dates', () => {
  it('the last one wins and the others stay in the title', () => {
    const result = parseQuickAdd('Созвон завтра или в пятницу', MSK);
    expect(result.dueDate).toBe('2026-11-27');
    expect(result.title).toBe('Созвон завтра или');
    expect(result.tokens.map((t) => t.text)).toEqual(['в пятницу']);
  });
  it('a longer phrase beats the shorter one inside it', () => {
    expect(parseQuickAdd('x до 25.12.2027', MSK).tokens.map((t) => t.text)).toEqual(['до 25.12.2027']);
    expect(parseQuickAdd('x в следующую пятницу', MSK).tokens.map((t) => t.text)).toEqual(['в следующую пятницу']);
  });
});

describe('time zones', () => {
  const lateNight = new Date('2026-11-22T22:30:00Z');
  it('"today" is the calendar date in the given zone', () => {
    expect(parseQuickAdd('a завтра', { now: lateNight, timeZone: 'Europe/Moscow' }).dueDate).toBe('2026-11-24');
    expect(parseQuickAdd('a tomorrow', { now: lateNight, timeZone: 'America/New_York' }).dueDate).toBe('2026-11-23');
    expect(parseQuickAdd('a today', { now: lateNight, timeZone: 'Asia/Tokyo' }).dueDate).toBe('2026-11-23');
    expect(parseQuickAdd('a today', { now: lateNight, timeZone: 'UTC' }).dueDate).toBe('2026-11-22');
    // Monday in Moscow already, so "monday" is a week later there.
    expect(parseQuickAdd('a monday', { now: lateNight, timeZone: 'Europe/Moscow' }).dueDate).toBe('2026-11-30');
    expect(parseQuickAdd('a monday', { now: lateNight, timeZone: 'America/New_York' }).dueDate).toBe('2026-11-23');
  });
  it('dd.mm rolls over relative to the zone’s today', () => {
    expect(parseQuickAdd('a 22.11', { now: lateNight, timeZone: 'Europe/Moscow' }).dueDate).toBe('2027-11-22');
    expect(parseQuickAdd('a 22.11', { now: lateNight, timeZone: 'America/New_York' }).dueDate).toBe('2026-11-22');
  });
  it('DST changes do not shift calendar arithmetic', () => {
    // 00:30 EDT on the night clocks go back (2026-11-01).
    const dstNight = new Date('2026-11-01T04:30:00Z');
    expect(parseQuickAdd('a today', { now: dstNight, timeZone: 'America/New_York' }).dueDate).toBe('2026-11-01');
    expect(parseQuickAdd('a tomorrow', { now: dstNight, timeZone: 'America/New_York' }).dueDate).toBe('2026-11-02');
    expect(parseQuickAdd('a in 2 weeks', { now: dstNight, timeZone: 'America/New_York' }).dueDate).toBe('2026-11-15');
    const springForward = new Date('2026-03-28T23:30:00Z');
    expect(parseQuickAdd('a через 3 дня', { now: springForward, timeZone: 'Europe/Berlin' }).dueDate).toBe('2026-04-01');
  });
  it('month and year boundaries', () => {
    const newYearsEve = new Date('2026-12-31T12:00:00Z');
    expect(parseQuickAdd('a завтра', { now: newYearsEve, timeZone: 'UTC' }).dueDate).toBe('2027-01-01');
    expect(parseQuickAdd('a 15.01', { now: newYearsEve, timeZone: 'UTC' }).dueDate).toBe('2027-01-15');
    const leap = new Date('2028-02-10T12:00:00Z');
    expect(parseQuickAdd('a end of month', { now: leap, timeZone: 'UTC' }).dueDate).toBe('2028-02-29');
  });
  it('an unknown zone falls back to UTC; an invalid now leaves only dates with a year', () => {
    expect(parseQuickAdd('a today', { now: lateNight, timeZone: 'Mars/Olympus' }).dueDate).toBe('2026-11-22');
    const broken = { now: new Date('nonsense'), timeZone: 'UTC' };
    expect(parseQuickAdd('a завтра', broken)).toMatchObject({ dueDate: null, title: 'a завтра' });
    expect(parseQuickAdd('a 25.12.2027', broken).dueDate).toBe('2027-12-25');
  });
});
