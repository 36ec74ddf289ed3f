import { describe, expect, it } from 'vitest';
import { parseQuickAdd } from './index.ts';

const parse = (input: string) => parseQuickAdd(input, { now: new Date('2026-11-22T10:00:00Z'), timeZone: 'UTC' });

describe('mentions', () => {
  it.each([
    ['Fix @ivan', 'ivan'], ['@ivan fix', 'ivan'], ['Fix @Ivan.Petrov', 'Ivan.Petrov'], ['Fix @ivan_p-2', 'ivan_p-2'],
    ['Fix @me', 'me'], ['Fix @ME', 'me'], ['Сделать @я', 'me'], ['Сделать @Я', 'me'], ['ask @ivan.', 'ivan'],
    ['x @' + 'a'.repeat(32), 'a'.repeat(32)],
  ])('%s → %s', (input, assignee) => {
    const result = parse(input);
    expect(result.assignee).toBe(assignee);
    const token = result.tokens.find((t) => t.kind === 'assignee');
    expect(token?.text.startsWith('@')).toBe(true);
    expect(input.slice(token?.start, token?.end)).toBe(token?.text);
  });

  it('keeps sentence punctuation after a mention in the title', () => {
    expect(parse('ask @ivan.')).toMatchObject({ title: 'ask.', tokens: [{ text: '@ivan', start: 4, end: 9 }] });
  });

  it.each([
    'write to a@b.com', 'x @иван', 'x @', 'x (@ivan)', 'x @ivan-иван', 'x @ivan@host', 'x @...', 'x @' + 'a'.repeat(33),
  ])('%s is not a mention', (input) => {
    const result = parse(input);
    expect(result.assignee).toBeNull();
    expect(result.title).toBe(input);
  });

  it('the first mention wins; later ones stay in the title', () => {
    expect(parse('Review @ivan with @petr')).toMatchObject({ assignee: 'ivan', title: 'Review with @petr' });
  });
});

describe('labels', () => {
  it.each([
    ['#bug', ['bug']], ['#срочное', ['срочное']], ['#front-end', ['front-end']], ['#v2', ['v2']], ['#ui_kit', ['ui_kit']],
    ['#bug #ui #bug', ['bug', 'ui']], ['#Bug #bug', ['Bug']], ['#b #a #b', ['b', 'a']], ['#баг, #ui.', ['баг', 'ui']],
    ['#завтра', ['завтра']],
  ])('%s → %j', (labelsText, labels) => {
    const result = parse(`Fix ${labelsText}`);
    expect(result.labels).toEqual(labels);
    expect(result.dueDate).toBeNull();
    for (const t of result.tokens) expect(`Fix ${labelsText}`.slice(t.start, t.end)).toBe(t.text);
  });

  it('every occurrence of a label is a token, so no copy is left in the title', () => {
    expect(parse('Fix #bug now #bug').tokens.map((t) => t.start)).toEqual([4, 13]);
    expect(parse('Fix #bug now #bug').title).toBe('Fix now');
  });

  it.each(['see #123', 'see #12-3', 'a # b', 'C# code', 'x#bug', 'x #bug#ui', 'x #🔥', 'x #_', 'x #bug.md', 'x #a/b'])(
    '%s has no label',
    (input) => {
      const result = parse(input);
      expect(result.labels).toEqual([]);
      expect(result.title).toBe(input);
    },
  );
});

describe('priority', () => {
  it.each([
    ['!urgent', 'urgent'], ['!срочно', 'urgent'], ['!срочный', 'urgent'], ['!1', 'urgent'],
    ['!high', 'high'], ['!HIGH', 'high'], ['!высокий', 'high'], ['!Высокая', 'high'], ['!2', 'high'],
    ['!medium', 'medium'], ['!средний', 'medium'], ['!средняя', 'medium'], ['!3', 'medium'],
    ['!low', 'low'], ['!низкий', 'low'], ['!низкая', 'low'], ['!4', 'low'],
    ['!none', 'none'], ['!нет', 'none'],
  ])('%s → %s', (marker, priority) => {
    expect(parse(`Fix ${marker}`)).toMatchObject({
      title: 'Fix', priority, tokens: [{ kind: 'priority', text: marker, start: 4, end: 4 + marker.length }],
    });
  });

  it.each(['Fix !5', 'Fix !0', 'Fix !12', 'Fix !highest', 'Wow!high', 'Fix !', 'Fix !!!', 'Fix !high-ish'])('%s has no priority', (input) => {
    expect(parse(input)).toMatchObject({ priority: null, title: input });
  });

  it('the last one wins; earlier ones stay in the title', () => {
    expect(parse('Fix !low now !high')).toMatchObject({ priority: 'high', title: 'Fix !low now' });
  });
});

describe('project', () => {
  it.each([['+WEB', 'WEB'], ['+AB', 'AB'], ['+ABCDEFGHIJ', 'ABCDEFGHIJ'], ['+API,', 'API']])('%s → %s', (marker, key) => {
    expect(parse(`Fix ${marker}`).projectKey).toBe(key);
  });

  it.each(['Fix +A', 'Fix +ABCDEFGHIJK', 'Fix +web', 'Fix +Web', 'Fix +WEB2', 'C++ and +', 'x+WEB', 'Fix +ВЕБ'])('%s has no project', (input) => {
    expect(parse(input)).toMatchObject({ projectKey: null, title: input });
  });

  it('the first one wins', () => {
    expect(parse('+WEB Fix +API')).toMatchObject({ projectKey: 'WEB', title: 'Fix +API' });
  });
});

describe('cycle', () => {
  it.each([
    ['*current', 'current'], ['*next', 'next'], ['*Current', 'current'], ['*NEXT', 'next'],
    ['*текущий', 'current'], ['*следующий', 'next'], ['*Текущий', 'current'], ['*next,', 'next'], ['(*next)', null],
  ])('%s → %s', (marker, cycle) => {
    const input = `Fix login ${marker}`;
    const result = parse(input);
    expect(result.cycle).toBe(cycle);
    if (!cycle) return expect(result.title).toBe(input);
    const token = result.tokens.find((t) => t.kind === 'cycle')!;
    expect(input.slice(token.start, token.end)).toBe(token.text);
    expect(token.text.startsWith('*')).toBe(true);
    expect(result.title).toBe(marker.endsWith(',') ? 'Fix login,' : 'Fix login');
  });

  it.each(['Fix *current*', 'Fix *currently', 'Fix *nextjs', 'Fix x*next', 'Fix * next', 'Fix **next', 'Fix *current-cycle', 'Fix *текущийй', 'Fix *prev'])('%s has no cycle', (input) => {
    expect(parse(input)).toMatchObject({ cycle: null, title: input });
  });

  it('the last one wins; earlier ones stay in the title', () => {
    expect(parse('Fix *current now *next')).toMatchObject({ cycle: 'next', title: 'Fix *current now' });
  });

  it('reads beside every other token, anywhere in the line', () => {
    const input = '*next Fix login tomorrow @ivan #bug !high +WEB';
    const result = parse(input);
    expect(result).toMatchObject({ title: 'Fix login', cycle: 'next', assignee: 'ivan', labels: ['bug'], priority: 'high', projectKey: 'WEB', dueDate: '2026-11-23' });
    expect(result.tokens.map((t) => t.kind)).toEqual(['cycle', 'due', 'assignee', 'label', 'priority', 'project']);
  });

  it('is not taken from a voice transcript by its word alone', () => {
    expect(parseQuickAdd('Fix the next login', { now: new Date('2026-11-22T10:00:00Z'), timeZone: 'UTC', spoken: true }).cycle).toBeNull();
  });
});
