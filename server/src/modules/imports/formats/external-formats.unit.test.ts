// The Jira, Trello, GitHub and Linear parsers against the fixtures (fixtures/generate.ts writes them in
// the tools' real export formats) and against files that are not what they claim to be.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importRecordSchema, type ImportRecord } from '@tracker/shared/api/import-record';
import { DomainError } from '@tracker/shared/domain-errors';
import { describe, expect, it } from 'vitest';
import type { ImportFormatParser } from './format.ts';
import { githubFormat } from './github.ts';
import { jiraFormat } from './jira.ts';
import { linearFormat } from './linear.ts';
import { trelloFormat } from './trello.ts';
import { toIso } from './read.ts';
import { resources } from '@tracker/shared/i18n';

const ru = resources.ru.errors as unknown as { import: Record<string, string> };
const en = resources.en.errors as unknown as { import: Record<string, string> };

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '..', 'fixtures', name), 'utf8');

function refusal(parser: ImportFormatParser, text: string): string {
  try {
    parser.parse(text);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    const err = e as DomainError;
    expect(err.kind).toBe('invalid');
    const code = err.key.replace('errors.import.', '');
    expect(ru.import[code]).toBeTruthy();
    expect(en.import[code]).toBeTruthy();
    return code;
  }
  throw new Error('parsed');
}

const people = (records: ImportRecord[]) => new Set(records.flatMap((r) => [r.assignee, r.reporter, ...(r.comments ?? []).map((c) => c.author)]).filter((p) => !!p).map((p) => p.email ?? p.name));
const every = (records: ImportRecord[]) => records.forEach((r) => expect(importRecordSchema.safeParse(r).success, JSON.stringify(r).slice(0, 200)).toBe(true));

describe('dates the sources write', () => {
  it('reads Jira, ISO and plain dates as UTC', () => {
    expect(toIso('25/Nov/26 2:14 PM')).toBe('2026-11-25T14:14:00.000Z');
    expect(toIso('01/Jan/26 12:05 AM')).toBe('2026-01-01T00:05:00.000Z');
    expect(toIso('03/мар/25 17:40')).toBe('2025-03-03T17:40:00.000Z');
    expect(toIso('2026-02-03 10:00')).toBe('2026-02-03T10:00:00.000Z');
    expect(toIso('31/Feb/26 1:00 PM')).toBeNull();
    expect(toIso('soon')).toBeNull();
    expect(toIso('  ')).toBeUndefined();
  });
});

describe('Jira CSV', () => {
  const { records, problems, columns } = jiraFormat.parse(fixture('jira.csv'));

  it('reads every issue with repeated Labels, Comment and Sprint columns', () => {
    expect(records).toHaveLength(60);
    expect(problems).toEqual([]);
    expect(columns?.filter((c) => c === 'Labels')).toHaveLength(3);
    every(records);
    const first = records[0]!;
    expect(first.externalId).toBe('SHOP-1');
    expect(first.row).toBe(2);
    expect(first.title).toMatch(/#1$/);
    expect(first.createdAt).toBe('2026-01-06T09:52:00.000Z');
    expect(first.labels!.map((l) => l.name)).toEqual(expect.arrayContaining(['frontend', 'срочно', 'Story']));
    expect(first.comments).toHaveLength(2);
    // The author's account id is shown by the display name the same file gives it.
    expect(first.comments![1]).toMatchObject({ author: { name: 'Анна Смирнова' }, body: 'Looks good to me, merging.', createdAt: '2026-01-08T09:30:00.000Z' });
    expect(first.description).toContain('a "quote" and a semicolon; all');
  });

  it('keeps users, statuses with categories, priorities, custom fields and parents', () => {
    expect(people(records)).toEqual(new Set(['Анна Смирнова', 'Иван Петров', 'Olga Kuznetsova', 'Dmitry Volkov', 'Maria Ivanova']));
    const statuses = new Map(records.map((r) => [r.status!.name, r.status!.category]));
    expect(statuses.get('To Do')).toBe('unstarted');
    expect(statuses.get('In Review')).toBe('started');
    expect(['completed', 'canceled']).toContain(statuses.get('Done'));
    expect(new Set(records.map((r) => r.priority))).toEqual(new Set(['urgent', 'high', 'medium', 'low']));
    expect(records.filter((r) => r.estimate !== undefined).length).toBeGreaterThan(10);
    expect(records.some((r) => r.fields?.Severity)).toBe(true);
    expect(records.every((r) => !('Rank' in (r.fields ?? {})))).toBe(true);
    const child = records.find((r) => r.parentExternalId)!;
    expect(child.parentExternalId).toMatch(/^SHOP-\d+$/);
    const done = records.find((r) => r.status?.name === 'Done')!;
    expect(done.completedAt).toMatch(/^2026-/);
    expect(records.find((r) => r.description?.includes('screenshot.png'))!.description).toContain('](https://example.atlassian.net/');
    expect(records.reduce((n, r) => n + r.comments!.length, 0)).toBeGreaterThan(40);
    // Components are labels; fix versions a field.
    const twelfth = records.find((r) => r.externalId === 'SHOP-12')!;
    expect(twelfth.labels!.map((l) => l.name)).toEqual(expect.arrayContaining(['Оплата', 'Каталог']));
    expect(records.find((r) => r.externalId === 'SHOP-10')!.fields).toMatchObject({ 'Fix versions': ['2.1'] });
  });

  it('refuses what is not a Jira export and reports bad rows', () => {
    expect(refusal(jiraFormat, '')).toBe('emptyFile');
    expect(refusal(jiraFormat, 'Title,Status\nA,Open\n')).toBe('notJira');
    expect(refusal(jiraFormat, '{"cards": []}')).toBe('notJira');
    expect(refusal(jiraFormat, 'Summary,Issue key\n"unclosed,SHOP-1\n')).toBe('badCsv');
    const { records: ok, problems: bad } = jiraFormat.parse('Summary,Issue key,Created,Labels,Labels\nGood,A-1,01/Jan/26 9:00 AM,x,y\n,A-2,,,\nNo key,,,,\nBad date,A-4,someday,,\n');
    expect(ok.map((r) => r.externalId)).toEqual(['A-1', 'A-4']);
    expect(ok[0]!.labels).toEqual([{ name: 'x' }, { name: 'y' }]);
    expect(bad).toEqual([
      { row: 3, code: 'missingTitle', values: { id: 'A-2' } },
      { row: 4, code: 'missingKey' },
      { row: 5, code: 'badDate', values: { column: 'Created', value: 'someday' } },
    ]);
  });
});

describe('Trello JSON', () => {
  const { records, problems } = trelloFormat.parse(fixture('trello.json'));

  it('reads open cards and skips archived ones with a reason', () => {
    expect(records).toHaveLength(53);
    expect(problems.map((p) => p.code).sort()).toEqual(['archivedCard', 'archivedCard', 'archivedList', 'archivedList', 'archivedList']);
    every(records);
    expect(new Set(records.map((r) => r.status?.name))).toEqual(new Set(['Backlog', 'To Do', 'Doing', 'Done']));
    expect(records.find((r) => r.status?.name === 'Doing')!.status!.category).toBe('started');
    expect(records.find((r) => r.status?.name === 'Backlog')!.status!.category).toBe('backlog');
  });

  it('keeps members, labels with colours, comments, checklists and creation dates', () => {
    expect(people(records)).toEqual(new Set(['Анна Смирнова', 'Иван Петров', 'Olga Kuznetsova', 'Dmitry Volkov', 'Maria Ivanova']));
    const labels = new Map(records.flatMap((r) => r.labels ?? []).map((l) => [l.name, l.color]));
    expect(labels.get('bug')).toBe('#4bce97');
    expect(labels.get('purple')).toBe('#9f8fef'); // a colour-only label is named by its colour
    expect(records.reduce((n, r) => n + r.comments!.length, 0)).toBeGreaterThan(30);
    const withComments = records.find((r) => r.comments!.length > 1)!;
    expect(withComments.comments![0]!.createdAt! <= withComments.comments![1]!.createdAt!).toBe(true);
    expect(records.find((r) => r.description?.includes('- [x] Написать тест'))!.description).toContain('- [ ] Review');
    // Custom Fields power-up values by field name: a list option's text, a number.
    const fourth = records.find((r) => r.title.endsWith('(6)'))!;
    expect(['Продажи', 'Разработка', 'Поддержка']).toContain(fourth.fields!['Отдел']);
    expect(fourth.fields!['Story points']).toBe(6);
    expect(records.find((r) => r.title.endsWith('(7)'))!.description).toContain('[mockup.png](https://trello.com/1/cards/');
    // Card 3 has no createCard action: its creation time comes from the card id.
    const third = records.find((r) => r.title.endsWith('(3)'))!;
    expect(third.createdAt).toBe('2026-01-08T09:45:00.000Z');
    expect(third.reporter).toBeUndefined();
    expect(records.find((r) => r.title.endsWith('(1)'))!.reporter).toBeDefined();
  });

  it('refuses what is not a board and reports bad cards', () => {
    expect(refusal(trelloFormat, '   ')).toBe('emptyFile');
    expect(refusal(trelloFormat, 'Summary,Issue key\n')).toBe('notJson');
    expect(refusal(trelloFormat, '[]')).toBe('notTrello');
    expect(refusal(trelloFormat, '{"name":"board","cards":[]}')).toBe('notTrello');
    const { records: ok, problems: bad } = trelloFormat.parse(
      JSON.stringify({ lists: [{ id: 'l1', name: 'Done' }], cards: [{ id: 'c1', name: 'ok', idList: 'l1', due: 'later' }, { id: 'c2' }, { id: 'c3', name: ' ', idList: 'l1' }], actions: [{ type: 'commentCard', date: 'x', data: {} }] }),
    );
    expect(ok).toHaveLength(1);
    expect(ok[0]!.status).toEqual({ name: 'Done', category: 'completed' });
    expect(bad).toEqual([
      { row: 1, code: 'badDate', values: { column: 'due', value: 'later' } },
      { row: 2, code: 'badItem' },
      { row: 3, code: 'missingTitle', values: { id: 'c3' } },
    ]);
  });
});

describe('GitHub JSON', () => {
  const { records, problems } = githubFormat.parse(fixture('github.json'));

  it('reads every issue with labels, assignees, comments and states', () => {
    expect(records).toHaveLength(52);
    expect(problems).toEqual([]);
    every(records);
    expect(new Set(records.map((r) => r.externalId)).size).toBe(52);
    const closed = records.filter((r) => r.status?.name === 'Closed');
    expect(closed.length).toBeGreaterThan(5);
    expect(closed.every((r) => r.status!.category === 'completed' && r.completedAt)).toBe(true);
    expect(records.filter((r) => r.status?.name === 'Open').every((r) => r.status!.category === 'unstarted' && !r.completedAt)).toBe(true);
    expect(new Map(records.flatMap((r) => r.labels ?? []).map((l) => [l.name, l.color])).get('bug')).toBe('#d73a4a');
    expect(people(records).size).toBe(10); // five names as assignees, five logins as comment authors
    expect(records.reduce((n, r) => n + r.comments!.length, 0)).toBeGreaterThan(30);
    const one = records.find((r) => r.externalId === '1')!;
    expect(one.createdAt).toBe('2026-01-06T09:20:00.000Z');
  });

  it('refuses other JSON and reports bad items', () => {
    expect(refusal(githubFormat, '')).toBe('emptyFile');
    expect(refusal(githubFormat, '{"number":1,"title":"x"}')).toBe('notGithub');
    expect(refusal(githubFormat, '[1,2]')).toBe('notGithub');
    expect(refusal(githubFormat, '[{"id":"x"}]')).toBe('notGithub');
    expect(githubFormat.parse('[]').records).toEqual([]);
    expect(githubFormat.parse('[{"number":1,"title":"a"},null]').problems).toEqual([{ row: 2, code: 'badItem' }]);
    const { records: ok, problems: bad } = githubFormat.parse(
      JSON.stringify([{ number: 1, title: 'ok', state: 'CLOSED', stateReason: 'NOT_PLANNED', closedAt: '2026-01-01T00:00:00Z' }, { number: 'two', title: 'x' }, { number: 3, title: '' }]),
    );
    expect(ok[0]!.status).toEqual({ name: 'Not planned', category: 'canceled' });
    expect(bad).toEqual([
      { row: 2, code: 'badItem' },
      { row: 3, code: 'missingTitle', values: { id: 3 } },
    ]);
  });
});

describe('Linear CSV', () => {
  const { records, problems } = linearFormat.parse(fixture('linear.csv'));

  it('reads every issue, skipping the archived ones', () => {
    expect(records).toHaveLength(54);
    // Rows are the file's lines: descriptions span several.
    const lines = fixture('linear.csv').split(/\r?\n/);
    const lineOf = (id: string) => lines.findIndex((l) => l.startsWith(`${id},`)) + 1;
    expect(problems).toEqual([
      { row: lineOf('ENG-13'), code: 'archivedIssue', values: { id: 'ENG-13' } },
      { row: lineOf('ENG-31'), code: 'archivedIssue', values: { id: 'ENG-31' } },
    ]);
    expect(records.find((r) => r.externalId === 'ENG-40')!.row).toBe(lineOf('ENG-40'));
    every(records);
  });

  it('keeps people by e-mail, labels, statuses, priorities, estimates and parents', () => {
    expect(people(records)).toEqual(new Set(['anna.smirnova@example.com', 'ivan.petrov@example.com', 'olga.k@example.com', 'd.volkov@example.com', 'maria@example.com']));
    expect(new Set(records.flatMap((r) => (r.labels ?? []).map((l) => l.name)))).toEqual(new Set(['Bug', 'Feature', 'Improvement', 'Design', 'Инфраструктура']));
    const categories = new Map(records.map((r) => [r.status!.name, r.status!.category]));
    expect(Object.fromEntries(categories)).toMatchObject({ Backlog: 'backlog', Todo: 'unstarted', 'In Progress': 'started', 'In Review': 'started', Done: 'completed', Canceled: 'canceled' });
    expect(new Set(records.map((r) => r.priority))).toEqual(new Set(['urgent', 'high', 'medium', 'low', 'none']));
    expect(records.find((r) => r.status?.name === 'Done')!.completedAt).toMatch(/^2026-/);
    expect(records.some((r) => r.parentExternalId?.startsWith('ENG-'))).toBe(true);
    expect(records[0]!.fields).toMatchObject({ Team: 'Engineering', Project: 'Q1 Launch', Cycle: 'Cycle 3' });
  });

  it('reads a file saved again by a spreadsheet with semicolons', () => {
    const { records: ok } = linearFormat.parse('\uFEFFID;Title;Status;Labels\r\nE-1;"Один; два";Done;"Bug, UI"\r\n');
    expect(ok[0]).toMatchObject({ externalId: 'E-1', title: 'Один; два', status: { name: 'Done', category: 'completed' }, labels: [{ name: 'Bug' }, { name: 'UI' }] });
    const { records: jira } = jiraFormat.parse('Summary\tIssue key\tLabels\nTab, separated\tT-1\tx\n');
    expect(jira[0]).toMatchObject({ externalId: 'T-1', title: 'Tab, separated' });
  });

  it('refuses what is not a Linear export', () => {
    expect(refusal(linearFormat, '\uFEFF')).toBe('emptyFile');
    expect(refusal(linearFormat, 'Summary,Issue key\nA,B-1\n')).toBe('notLinear');
    const { records: ok, problems: bad } = linearFormat.parse('ID,Title,Status,Estimate\nE-1,One,Todo,lots\n');
    expect(ok[0]!.estimate).toBeUndefined();
    expect(bad).toEqual([{ row: 2, code: 'badNumber', values: { column: 'Estimate', value: 'lots' } }]);
  });
});
