import { describe, expect, it } from 'vitest';
import { isoWeek, renderTitle, templateDraft } from './render.ts';

describe('renderTitle', () => {
  const today = '2026-11-26';
  it('fills every placeholder, case-insensitively, and keeps unknown ones', () => {
    expect(renderTitle('{Title} / {date} / W{week} / {month} / {year} / {nope}', { text: 'Релиз', today })).toBe('Релиз / 2026-11-26 / W48 / 2026-11 / 2026 / {nope}');
  });
  it('adds typed text at the end when the pattern has no {title}', () => {
    expect(renderTitle('Стендап {date}', { text: ' утро ', today })).toBe('Стендап 2026-11-26 утро');
    expect(renderTitle('Стендап {date}', { text: '', today })).toBe('Стендап 2026-11-26');
  });
  it('squeezes spaces and falls back to the name when nothing is left', () => {
    expect(renderTitle('Баг:  {title}  ', { text: '', today })).toBe('Баг:');
    expect(renderTitle('{title}', { text: '   ', today }, 'bug')).toBe('bug');
  });
});

describe('isoWeek', () => {
  it('follows ISO 8601 at the year edges', () => {
    expect(isoWeek('2026-01-01')).toEqual({ year: 2026, week: 1 }); // a Thursday
    expect(isoWeek('2027-01-01')).toEqual({ year: 2026, week: 53 }); // a Friday: last week of 2026
    expect(isoWeek('2024-12-30')).toEqual({ year: 2025, week: 1 }); // a Monday in 2025's week 1
    expect(isoWeek('2024-02-29')).toEqual({ year: 2024, week: 9 });
  });
});

describe('templateDraft', () => {
  it('copies the fields and puts the due date the given days after today', () => {
    const draft = templateDraft(
      { name: 'bug', titlePattern: 'Баг: {title}', description: 'd', labelIds: [1, 2], priority: 'high', assigneeId: 7, estimate: 2, dueInDays: 7, customValues: { '3': 'x' } },
      { text: 'падает вход', today: '2026-12-28' },
    );
    expect(draft).toEqual({ title: 'Баг: падает вход', description: 'd', labelIds: [1, 2], priority: 'high', assigneeId: 7, estimate: 2, dueDate: '2027-01-04', customValues: { '3': 'x' } });
  });
});
