// The charts' words in both languages, with their plurals, from the app's own texts.
import { createTranslator } from '@tracker/shared/i18n/translator';
import type { InsightsResponse } from '@tracker/shared/api/insights';
import type { Locale } from '@tracker/shared/locales';
import { beforeAll, describe, expect, it } from 'vitest';
import { hoursText, modelOf, type Words } from './model.ts';

const tr = createTranslator();
beforeAll(() => tr.load(['insights', 'issues']));

const words = (locale: Locale): Words => ({
  t: (key, values) => tr.text(locale, key, values as Record<string, string | number>),
  day: (date) => `day ${date}`,
  dayFull: (date) => `full ${date}`,
  duration: (minutes) => `${minutes} min`,
  number: (value) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value),
});

const cycle: InsightsResponse = {
  metric: 'cycle-time',
  from: '2026-09-07',
  to: '2026-11-29',
  cycleTime: { median: 30.25, p85: 100, count: 21 },
  leadTime: { median: null, p85: null, count: 0 },
  rows: [{ bucket: '0-1', cycle: 3, lead: 0 }, { bucket: '60+', cycle: 1, lead: 0 }],
};

describe('insights models', () => {
  it('says durations in hours, then in days from two days up, with each language’s plural', () => {
    expect(hoursText(0.25, words('ru'))).toBe('15 min');
    expect(hoursText(1, words('ru'))).toBe('1 час');
    expect(hoursText(5, words('ru'))).toBe('5 часов');
    expect(hoursText(30.25, words('ru'))).toBe('30,3 часа');
    expect(hoursText(100, words('ru'))).toBe('4,2 дня');
    expect(hoursText(24 * 5, words('ru'))).toBe('5 дней');
    expect(hoursText(21 * 24, words('ru'))).toBe('21 день');
    expect(hoursText(1, words('en'))).toBe('1 hour');
    expect(hoursText(100, words('en'))).toBe('4.2 days');
  });

  it('gives the cycle chart its notes, its table with the medians underneath, and raw figures in the CSV', () => {
    const ru = modelOf(cycle, words('ru'));
    expect(ru.notes).toEqual(['Время цикла: медиана 30,3 часа, 85 % — не дольше 4,2 дня (21 задача)', 'Время выполнения: завершённых задач нет']);
    expect(ru.table.columns).toEqual(['Дней', 'Время цикла', 'Время выполнения']);
    expect(ru.table.rows).toEqual([['< 1', '3', '0'], ['60+', '1', '0']]);
    expect(ru.table.foot).toEqual([['Медиана, часов', '30,3', '—'], ['85-й перцентиль, часов', '100', '—'], ['Задач', '21', '0']]);
    expect(ru.csv).toEqual([['Дней', 'Время цикла', 'Время выполнения'], ['0-1', 3, 0], ['60+', 1, 0], ['Медиана, часов', 30.25, ''], ['85-й перцентиль, часов', 100, ''], ['Задач', 21, 0]]);
    expect(ru.chart.series.map((s) => s.key)).toEqual(['cycle', 'lead']);
    expect(ru.empty).toBe(true);
  });

  it('names the groups of the workload and the time charts, and the unassigned', () => {
    const byPriority = modelOf({ metric: 'workload', by: 'priority', from: 'a', to: 'b', rows: [{ key: 'urgent', label: '', open: 2 }, { key: 'none', label: '', open: 0 }] }, words('en'));
    expect(byPriority.table.rows).toEqual([['Urgent', '2'], ['No priority', '0']]);
    expect(byPriority.chart).toMatchObject({ kind: 'bar', horizontal: true, labels: ['Urgent', 'No priority'] });
    const byPerson = modelOf({ metric: 'workload', by: 'assignee', from: 'a', to: 'b', rows: [{ key: 'u3', label: 'Анна', open: 4 }, { key: 'none', label: '', open: 1 }] }, words('ru'));
    expect(byPerson.table).toMatchObject({ columns: ['Исполнитель', 'Открытых задач'], rows: [['Анна', '4'], ['Без исполнителя', '1']] });
    const time = modelOf({ metric: 'time', by: 'project', from: 'a', to: 'b', rows: [{ key: 'p1', label: 'Web', minutes: 90 }] }, words('en'));
    expect(time.table.rows).toEqual([['Web', '90 min']]);
    expect(time.csv).toEqual([['Project', 'Minutes'], ['Web', 90]]);
    expect(time.chart.series[0]!.data).toEqual([1.5]);
  });

  it('dates the weekly charts by their weeks, ISO in the CSV', () => {
    const model = modelOf({ metric: 'created-resolved', from: 'a', to: 'b', rows: [{ week: '2026-11-23', created: 2, resolved: 1 }] }, words('en'));
    expect(model.table.rows).toEqual([['full 2026-11-23', '2', '1']]);
    expect(model.chart.labels).toEqual(['day 2026-11-23']);
    expect(model.csv).toEqual([['Week from', 'Created', 'Resolved'], ['2026-11-23', 2, 1]]);
    expect(model.empty).toBe(false);
  });
});
