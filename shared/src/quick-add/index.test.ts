import { describe, expect, it } from 'vitest';
import { parseQuickAdd, QUICK_ADD_MAX_PARSED, removeToken, type QuickAddOptions, type QuickAddResult } from './index.ts';

const NOW = new Date('2026-11-22T10:00:00Z'); // a Sunday
const MSK: QuickAddOptions = { now: NOW, timeZone: 'Europe/Moscow', locale: 'ru' };
const NY: QuickAddOptions = { now: NOW, timeZone: 'America/New_York', locale: 'en' };

function expectSpansMatch(input: string, result: QuickAddResult) {
  for (const t of result.tokens) expect(input.slice(t.start, t.end)).toBe(t.text);
  const starts = result.tokens.map((t) => t.start);
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
}

describe('the two example sentences', () => {
  it.each([
    ['Починить вход завтра @ivan #bug !высокий', MSK, 'Починить вход'],
    ['Fix login tomorrow @ivan #bug !high', NY, 'Fix login'],
  ])('%s', (input, options, title) => {
    const result = parseQuickAdd(input, options);
    expect(result).toMatchObject({
      title, dueDate: '2026-11-23', assignee: 'ivan', labels: ['bug'], priority: 'high', projectKey: null,
    });
    expect(result.tokens.map((t) => [t.kind, t.text])).toEqual([
      ['due', input.includes('завтра') ? 'завтра' : 'tomorrow'], ['assignee', '@ivan'], ['label', '#bug'],
      ['priority', input.includes('!high') ? '!high' : '!высокий'],
    ]);
    expectSpansMatch(input, result);
  });

  it('both languages are recognised whatever the locale', () => {
    const result = parseQuickAdd('Fix login завтра !высокий', NY);
    expect(result).toMatchObject({ title: 'Fix login', dueDate: '2026-11-23', priority: 'high' });
    expect(parseQuickAdd('Починить вход tomorrow !high', MSK)).toMatchObject({ title: 'Починить вход', dueDate: '2026-11-23' });
  });
});

describe('combined input', () => {
  it('picks every kind out of the middle of a sentence, keeping the rest in order', () => {
    const input = '+WEB Обновить   #front-end страницу входа до пятницы,  @me !2 пожалуйста';
    const result = parseQuickAdd(input, MSK);
    expect(result).toMatchObject({
      title: 'Обновить страницу входа, пожалуйста', dueDate: '2026-11-27', assignee: 'me', labels: ['front-end'],
      priority: 'high', projectKey: 'WEB',
    });
    expect(result.tokens.map((t) => t.kind)).toEqual(['project', 'label', 'due', 'assignee', 'priority']);
    expectSpansMatch(input, result);
  });

  it('title is empty when everything was a token', () => {
    expect(parseQuickAdd('завтра @ivan', MSK)).toMatchObject({ title: '', dueDate: '2026-11-23', assignee: 'ivan' });
    expect(parseQuickAdd('', MSK)).toEqual({
      title: '', dueDate: null, assignee: null, labels: [], priority: null, projectKey: null, cycle: null, tokens: [],
    });
    expect(parseQuickAdd('   \t ', MSK).title).toBe('');
  });

  it('collapses whitespace of any kind and trims', () => {
    expect(parseQuickAdd('  Fix\t\tlogin \n now  ', NY).title).toBe('Fix login now');
    expect(parseQuickAdd('Fix\u00a0login tomorrow', NY)).toMatchObject({ title: 'Fix login', dueDate: '2026-11-23' });
  });

  it('punctuation after a removed token closes up', () => {
    expect(parseQuickAdd('Call Bob tomorrow, please', NY).title).toBe('Call Bob, please');
    expect(parseQuickAdd('Позвонить завтра!', MSK).title).toBe('Позвонить!');
    expect(parseQuickAdd('Fix tomorrow !unknown', NY).title).toBe('Fix !unknown');
  });
});

describe('unicode and emoji', () => {
  it('keeps emoji and reports UTF-16 offsets', () => {
    const input = '🔥 Fix 👩‍💻 login tomorrow 🎉 @ivan #баг';
    const result = parseQuickAdd(input, NY);
    expect(result).toMatchObject({ title: '🔥 Fix 👩‍💻 login 🎉', dueDate: '2026-11-23', assignee: 'ivan', labels: ['баг'] });
    expectSpansMatch(input, result);
  });

  it('a date word glued to an emoji still counts', () => {
    expect(parseQuickAdd('Отпуск завтра🎉', MSK)).toMatchObject({ title: 'Отпуск 🎉', dueDate: '2026-11-23' });
  });

  it('decomposed letters and other scripts do not confuse it', () => {
    expect(parseQuickAdd('Исправить й\u0306 завтра', MSK).dueDate).toBe('2026-11-23');
    expect(parseQuickAdd('修复登录 明天 tomorrow', NY)).toMatchObject({ title: '修复登录 明天', dueDate: '2026-11-23' });
  });
});

describe('long input', () => {
  it('parses only the first 1000 characters and keeps the rest in the title', () => {
    const head = 'word '.repeat(190); // 950 characters
    const input = `${head}tomorrow ${'x'.repeat(40)} #late @late ${'y '.repeat(2000)}`;
    const result = parseQuickAdd(input, NY);
    expect(result).toMatchObject({ dueDate: '2026-11-23', labels: [], assignee: null });
    expect(result.title).toContain('#late @late');
    expect(result.title.startsWith('word word')).toBe(true);
    expect(result.title.endsWith('y y')).toBe(true);
  });

  it('a word cut by the limit is not read as its first half', () => {
    const input = `${'a'.repeat(QUICK_ADD_MAX_PARSED - 9)} tomorrowland`;
    expect(parseQuickAdd(input, NY)).toMatchObject({ dueDate: null, title: input });
  });

  it('stays fast on hostile input', () => {
    const inputs = ['@'.repeat(50_000), `#${'a'.repeat(50_000)}`, ' через'.repeat(10_000), '1.'.repeat(30_000), 'a'.repeat(200_000)];
    const started = performance.now();
    for (const input of inputs) expect(parseQuickAdd(input, NY).title.length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('never throws', () => {
  it('on random unicode soup', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const alphabet = ['a', 'я', ' ', '@', '#', '+', '!', '.', '-', '1', '2', '5', 'W', 'E', 'B', '\ud83d', '\ude00', '🎉', '\u0306', 'завтра', 'tomorrow', 'дек', '\n'];
    for (let i = 0; i < 300; i++) {
      const input = Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const result = parseQuickAdd(input, MSK);
      expectSpansMatch(input, result);
      for (const token of result.tokens) expect(() => removeToken(input, token)).not.toThrow();
    }
  });

  it('on nonsense arguments from untyped callers', () => {
    const anyParse = parseQuickAdd as (input: unknown, options: unknown) => QuickAddResult;
    expect(anyParse(undefined, undefined).title).toBe('');
    expect(anyParse('завтра', null)).toMatchObject({ dueDate: null, title: 'завтра' });
    expect(anyParse('завтра', { now: 'yesterday', timeZone: 42 }).dueDate).toBeNull();
    expect(anyParse('x 25.12.2027', { now: NOW, timeZone: 'Not/AZone' }).dueDate).toBe('2027-12-25');
  });
});

describe('removeToken', () => {
  const input = 'Fix login tomorrow @ivan #bug !high';
  const tokenOf = (kind: string) => {
    const token = parseQuickAdd(input, NY).tokens.find((t) => t.kind === kind);
    if (!token) throw new Error(`no ${kind} token`);
    return token;
  };

  it.each([
    ['due', 'Fix login @ivan #bug !high'],
    ['assignee', 'Fix login tomorrow #bug !high'],
    ['label', 'Fix login tomorrow @ivan !high'],
    ['priority', 'Fix login tomorrow @ivan #bug'],
  ])('removing the %s chip deletes its text and one space', (kind, expected) => {
    const after = removeToken(input, tokenOf(kind));
    expect(after).toBe(expected);
    expect(parseQuickAdd(after, NY).tokens.map((t) => t.kind)).not.toContain(kind);
    expect(parseQuickAdd(after, NY).title).toBe('Fix login');
  });

  it('at the start of the input', () => {
    const text = 'завтра   починить вход';
    const [token] = parseQuickAdd(text, MSK).tokens;
    expect(token && removeToken(text, token)).toBe('починить вход');
  });

  it('a losing occurrence may win after the winner is removed', () => {
    const text = 'Review @ivan with @petr';
    const [token] = parseQuickAdd(text, NY).tokens;
    expect(parseQuickAdd(token ? removeToken(text, token) : text, NY).assignee).toBe('petr');
  });

  it('finds a stale token by its text, or leaves the input alone', () => {
    const token = tokenOf('label');
    expect(removeToken(`!! ${input}`, token)).toBe('!! Fix login tomorrow @ivan !high');
    expect(removeToken('nothing here', token)).toBe('nothing here');
    expect(removeToken(input, { ...token, text: '' })).toBe(input);
  });
});

describe('spoken priorities (a voice note\'s transcript)', () => {
  const spoken = (text: string, locale: 'ru' | 'en') => parseQuickAdd(text, { ...MSK, locale, spoken: true });

  it('fill the title, due date and priority in both languages', () => {
    expect(spoken('Починить вход завтра, высокий приоритет.', 'ru')).toMatchObject({ title: 'Починить вход', dueDate: '2026-11-23', priority: 'high' });
    expect(spoken('Fix the login tomorrow at high priority.', 'en')).toMatchObject({ title: 'Fix the login', dueDate: '2026-11-23', priority: 'high' });
    expect(spoken('Обновить сайт с низким приоритетом', 'ru')).toMatchObject({ title: 'Обновить сайт', priority: 'low' });
    expect(spoken('priority urgent: deploy the fix', 'en')).toMatchObject({ priority: 'urgent' });
  });

  it('count only in a transcript: typed quick add keeps its `!` markers', () => {
    expect(parseQuickAdd('Review high priority bugs', MSK)).toMatchObject({ title: 'Review high priority bugs', priority: null });
    expect(spoken('Высокий забор покрасить', 'ru').priority).toBeNull();
  });
});
