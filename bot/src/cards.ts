// An issue as a Telegram message: HTML text and inline buttons. Pure, so it is unit-tested.
import { InlineKeyboard } from 'grammy';
import { LOCALE_TAGS, type Locale } from '@tracker/shared/locales';
import type { IssueCard } from './backend.ts';
import { escapeHtml } from '@tracker/shared/html';
import { t } from './i18n.ts';

export function formatDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

const PRIORITY_MARK: Record<string, string> = { urgent: '🔴', high: '🟠', medium: '🟡', low: '🔵' };
const DONE = new Set(['completed', 'canceled']);

/** `today` (YYYY-MM-DD) marks an open issue's past due date as overdue. */
export function formatCard(card: IssueCard, locale: Locale, today: string): string {
  const lines = [`<b>${escapeHtml(card.key)}</b> ${escapeHtml(card.title)}`];
  const facts = [`${t(locale, 'card.status')}: ${escapeHtml(card.statusName)}`];
  if (card.priority !== 'none') facts.push(`${PRIORITY_MARK[card.priority] ?? ''} ${t(locale, `priority.${card.priority}` as 'priority.none')}`);
  if (card.dueDate) {
    const overdue = card.dueDate < today && !DONE.has(card.statusCategory);
    facts.push(`${t(locale, 'card.due')}: ${formatDate(card.dueDate, locale)}${overdue ? ` ⚠️ ${t(locale, 'card.overdue')}` : ''}`);
  }
  facts.push(`${t(locale, 'card.assignee')}: ${card.assigneeName ? escapeHtml(card.assigneeName) : t(locale, 'card.unassigned')}`);
  lines.push(facts.join(' · '));
  lines.push(`<i>${escapeHtml(card.projectName)}</i>`);
  return lines.join('\n');
}

/** The mini app opened on the issue: Telegram's direct link with a start parameter. */
export const miniAppLink = (botUsername: string, issueId: number) => `https://t.me/${botUsername}?startapp=issue_${issueId}`;

/** Callback data (≤ 64 bytes): `st:<id>` statuses, `ss:<id>:<status>` set status, `me:<id>` assign to me, `sz:<id>:<days>` snooze. */
export function cardKeyboard(card: IssueCard, locale: Locale, botUsername: string, actions = true): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (actions) {
    kb.text(t(locale, 'button.status'), `st:${card.id}`).text(t(locale, 'button.assignMe'), `me:${card.id}`).row();
    kb.text(t(locale, 'button.snooze'), `sz:${card.id}:1`).text(t(locale, 'button.snoozeWeek'), `sz:${card.id}:7`).row();
  }
  return kb.url(t(locale, 'button.open'), miniAppLink(botUsername, card.id));
}

export function statusKeyboard(issueId: number, statuses: { id: number; name: string }[], locale: Locale): InlineKeyboard {
  const kb = new InlineKeyboard();
  statuses.forEach((s, i) => {
    kb.text(s.name, `ss:${issueId}:${s.id}`);
    if (i % 2 === 1) kb.row();
  });
  return kb.row().text(t(locale, 'button.back'), `cd:${issueId}`);
}
