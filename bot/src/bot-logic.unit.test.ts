import { describe, expect, it } from 'vitest';
import { conflict, DOMAIN_ERROR_KINDS, fieldError, forbidden, notFound, rateLimited, unauthorized } from '@tracker/shared/domain-errors';
import type { IssueCard } from './backend.ts';
import { formatCard } from './cards.ts';
import { cardKeyboard, miniAppLink } from './keyboards.ts';
import { refusalKey, REFUSAL_TEXT } from './context.ts';
import { addDays, startOfNextWeek, weekStart } from '@tracker/shared/dates';
import { LOCALES } from '@tracker/shared/locales';
import { parseQuickAdd } from '@tracker/shared/quick-add/index';
import { parseDueDate, plusDays, snoozedDue } from './dates.ts';
import { prefillFrom } from './features/new-issue.ts';
import type { Message } from 'grammy/types';
import { t } from './i18n.ts';

// Wednesday 2026-11-25.
const today = '2026-11-25';

describe('parseDueDate', () => {
  it.each([
    ['завтра', '2026-11-26'],
    ['Tomorrow', '2026-11-26'],
    ['пт', '2026-11-27'],
    ['fri', '2026-11-27'],
    ['25.12', '2026-12-25'],
    ['2027-01-15', '2027-01-15'],
    ['next monday', '2026-11-30'],
    ['до пятницы', '2026-11-27'],
  ])('%s → %s', (input, expected) => {
    expect(parseDueDate(input, today, 'ru')).toBe(expected);
    expect(parseDueDate(input, today, 'en')).toBe(expected);
  });

  it.each(['', 'когда-нибудь', 'завтра утром позвонить', '31.02'])('rejects %j', (input) => {
    expect(parseDueDate(input, today, 'ru')).toBeNull();
  });

  it('reads "next week" and "this week" as quick add does, in both languages, on every day of a week', () => {
    for (const locale of LOCALES) {
      for (let i = 0; i < 7; i++) {
        const day = addDays('2026-11-23', i);
        const now = new Date(`${day}T12:00:00Z`);
        for (const phrase of ['next week', 'на следующей неделе', 'this week', 'до конца недели']) {
          const quick = parseQuickAdd(`Отчёт ${phrase}`, { now, timeZone: 'UTC', locale }).dueDate;
          expect(parseDueDate(phrase, day, locale), `${locale} ${day} ${phrase}`).toBe(quick);
        }
        expect(parseDueDate('next week', day, locale)).toBe(startOfNextWeek(day, weekStart(locale)));
      }
    }
  });

  it('adds days across a month end', () => {
    expect(plusDays('2026-11-30', 1)).toBe('2026-12-01');
  });

  it('snoozes from the due date, or from today once it has passed or is unset', () => {
    expect(snoozedDue('2026-11-28', '2026-11-25', 7)).toBe('2026-12-05');
    expect(snoozedDue('2026-11-20', '2026-11-25', 1)).toBe('2026-11-26');
    expect(snoozedDue(null, '2026-12-31', 1)).toBe('2027-01-01');
  });
});

const card: IssueCard = {
  id: 7, key: 'WEB-3', title: 'Fix <login> & co', statusId: 2, statusName: 'In progress', statusCategory: 'started', priority: 'high',
  dueDate: '2026-11-20', assigneeId: null, assigneeName: null, projectName: 'Website', completedAt: null, sla: null,
};

describe('formatCard', () => {
  it('says the SLA’s next deadline in the reader’s clock, or that it was missed or is paused, in both languages', () => {
    const now = new Date('2026-11-25T09:00:00Z');
    const sla = { respondBy: '2026-11-25T12:30:00Z', resolveBy: '2026-12-02T09:00:00Z', respondedAt: null, breached: false, paused: false };
    expect(formatCard({ ...card, sla }, 'en', 'UTC', now)).toContain('⏱ SLA by Nov 25, 12:30 PM');
    expect(formatCard({ ...card, sla }, 'ru', 'Europe/Moscow', now)).toContain('⏱ SLA до 25 нояб., 15:30');
    // Answered: the resolution's deadline is next.
    expect(formatCard({ ...card, sla: { ...sla, respondedAt: '2026-11-25T10:00:00Z' } }, 'ru', 'Europe/Moscow', now)).toContain('⏱ SLA до 2 дек., 12:00');
    expect(formatCard({ ...card, sla: { ...sla, breached: true } }, 'en', 'UTC', now)).toContain('🔥 SLA breached');
    expect(formatCard({ ...card, sla: { ...sla, respondBy: '2026-11-25T08:00:00Z' } }, 'en', 'UTC', now)).toContain('🔥 SLA breached');
    expect(formatCard({ ...card, sla: { ...sla, paused: true } }, 'ru', 'UTC', now)).toContain('⏸ SLA на паузе');
    // A done issue, or one without deadlines, says nothing of it.
    expect(formatCard({ ...card, sla, completedAt: '2026-11-25T08:00:00Z' }, 'en', 'UTC', now)).not.toContain('SLA');
    expect(formatCard(card, 'en', 'UTC', now)).not.toContain('SLA');
  });

  it('escapes HTML and marks an open overdue issue', () => {
    const text = formatCard(card, 'en', 'UTC', new Date('2026-11-25T12:00:00Z'));
    expect(text).toContain('<b>WEB-3</b> Fix &lt;login&gt; &amp; co');
    expect(text).toContain('Status: In progress');
    expect(text).toContain('High');
    expect(text).toContain('Due: Nov 20 ⚠️ overdue');
    expect(text).toContain('Assignee: unassigned');
  });

  it('a done issue is never overdue; Russian texts', () => {
    const text = formatCard({ ...card, statusCategory: 'completed', statusName: 'Готово', assigneeName: 'Иван' }, 'ru', 'UTC', new Date('2026-11-25T12:00:00Z'));
    expect(text).not.toContain('просрочено');
    expect(text).toContain('Исполнитель: Иван');
  });

  it('has action buttons and the mini app link (startapp=issue_<id>)', () => {
    const kb = cardKeyboard(card, 'ru', 'tracker_bot').inline_keyboard.flat();
    expect(kb.map((b) => ('callback_data' in b ? b.callback_data : null)).filter(Boolean)).toEqual(['mv:7:completed', 'st:7', 'me:7', 'sz:7:1', 'sz:7:7']);
    expect(kb.at(-1)).toEqual({ text: 'Открыть', url: 'https://t.me/tracker_bot?startapp=issue_7' });
    expect(cardKeyboard(card, 'en', 'tracker_bot', false).inline_keyboard.flat()).toHaveLength(1);
    expect(miniAppLink('b', 1)).toBe('https://t.me/b?startapp=issue_1');
  });
});

describe('prefillFrom', () => {
  const base = { message_id: 55, date: 0, chat: { id: 1, type: 'private', first_name: 'A' } } as const;
  it('takes the first line as the title and quotes the text with its source', () => {
    const msg = { ...base, text: 'Сломался вход\nпосле обновления', forward_origin: { type: 'channel', date: 0, message_id: 9, chat: { id: -100, type: 'channel', title: 'News', username: 'news' } } } as unknown as Message;
    const prefill = prefillFrom(msg, 'ru')!;
    expect(prefill.title).toBe('Сломался вход');
    expect(prefill.description).toBe('> Сломался вход\n> после обновления\n\nИз Telegram: https://t.me/news/9');
    expect(prefill.replyTo).toEqual({ chatId: 1, messageId: 55 });
  });

  it('links a supergroup message back by its address', () => {
    const msg = { ...base, chat: { id: -1001234, type: 'supergroup', title: 'Team' }, text: 'Bug' } as unknown as Message;
    expect(prefillFrom(msg, 'en')!.description).toBe('> Bug\n\nFrom Telegram: https://t.me/c/1234/55');
  });

  it('nothing to take from a message without text', () => {
    expect(prefillFrom({ ...base } as unknown as Message, 'en')).toBeNull();
  });
});

describe('refusals', () => {
  it('map each domain error kind to a bot text, in both languages', () => {
    expect(refusalKey(notFound('issue'))).toBe('notFound');
    expect(refusalKey(forbidden())).toBe('forbidden');
    expect(refusalKey(fieldError('statusId', 'validation.unknownStatus'))).toBe('invalid');
    expect(refusalKey(conflict('project_archived'))).toBe('conflict');
    expect(refusalKey(rateLimited(5))).toBe('rateLimited');
    expect(refusalKey(unauthorized())).toBe('notLinked');
    for (const kind of DOMAIN_ERROR_KINDS) {
      expect(t('ru', REFUSAL_TEXT[kind])).not.toBe(t('en', REFUSAL_TEXT[kind]));
    }
    expect(t('en', refusalKey(conflict('project_archived'))!)).toBe('That cannot be done now (the project may be archived, or the data has changed): open Tracker to see why.');
  });

  it('do not read HTTP statuses off other errors: those are failures', () => {
    expect(refusalKey(Object.assign(new Error('Not Found'), { status: 404 }))).toBeNull();
    expect(refusalKey(Object.assign(new Error('Forbidden'), { status: 403, statusCode: 403 }))).toBeNull();
    expect(refusalKey(new Error('boom'))).toBeNull();
  });
});
