import { describe, expect, it } from 'vitest';
import type { IssueCard } from './backend.ts';
import { formatDigest, type DigestChange } from './digest.ts';
import { t } from './i18n.ts';
import { notifyHeadline } from './notify-text.ts';

const card = (id: number, dueDate: string): IssueCard => ({
  id, key: `WEB-${id}`, title: `Fix <login> & co ${id}`, statusId: 1, statusName: 'To <do>', statusCategory: 'unstarted', priority: 'none', dueDate, assigneeId: null, assigneeName: null, projectName: 'Site', completedAt: null, sla: null,
});
const change: DigestChange = { issue: { id: 1, key: 'WEB-1' }, kind: 'statusChanged', actor: 'Anna <PM>', data: { from: 'A', to: 'B & C' } };

describe('formatDigest', () => {
  it('lists each section under a counted heading, escaped, capped at ten with the rest counted', () => {
    const text = formatDigest('ru', 'bot', { overdue: Array.from({ length: 12 }, (_, i) => card(i + 1, '2026-11-20')), dueToday: [card(20, '2026-11-25')], changes: [change, change] });
    const lines = text.split('\n');
    expect(lines[0]).toBe('<b>☀️ Утренняя сводка</b>');
    expect(lines).toContain('<b>Просрочено 12 задач</b>');
    expect(lines).toContain('…и ещё 2');
    expect(lines).toContain('<b>Срок сегодня у 1 задачи</b>');
    expect(lines).toContain('<b>2 события в ваших задачах</b>');
    expect(text).toContain('<a href="https://t.me/bot?start=issue_20">WEB-20</a> Fix &lt;login&gt; &amp; co 20 — To &lt;do&gt;');
    expect(text).toContain('<a href="https://t.me/bot?start=issue_1">WEB-1</a> <strong>Anna &lt;PM&gt;</strong>: изменён статус «A» → «B &amp; C»');
    expect(text.match(/WEB-\d+<\/a> Fix/g)).toHaveLength(11);
  });

  it('says so when there is nothing, in English too', () => {
    expect(formatDigest('en', 'bot', { overdue: [], dueToday: [], changes: [] })).toBe('<b>☀️ Morning digest</b>\n\nNothing overdue, nothing due today, no updates.');
    const text = formatDigest('en', 'bot', { overdue: [card(1, '2026-11-20')], dueToday: [], changes: [change] });
    expect(text).toContain('<b>1 overdue issue</b>');
    expect(text).toContain('<b>1 update on your issues</b>');
  });
});

describe('digest plurals and comment quotes', () => {
  it('agree with the count in Russian', () => {
    expect([1, 3, 5, 21].map((count) => t('ru', 'digest.dueToday', { count }))).toEqual(['Срок сегодня у 1 задачи', 'Срок сегодня у 3 задач', 'Срок сегодня у 5 задач', 'Срок сегодня у 21 задачи']);
    expect([1, 2, 5].map((count) => t('ru', 'digest.overdue', { count }))).toEqual(['Просрочена 1 задача', 'Просрочены 2 задачи', 'Просрочено 5 задач']);
  });

  it("quote a comment's opening under the line, escaped", () => {
    expect(notifyHeadline('en', 'commented', 'Ann', { excerpt: 'see <b> & co' })).toBe('<strong>Ann</strong> commented\n<blockquote>see &lt;b&gt; &amp; co</blockquote>');
  });
});
