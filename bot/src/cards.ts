// An issue as a Telegram message's HTML text (its buttons are in keyboards.ts). Pure, so it is unit-tested.
import { isOverdueOn } from '@tracker/shared/dates';
import type { Locale } from '@tracker/shared/locales';
import type { IssueCard } from './backend.ts';
import { escapeHtml } from '@tracker/shared/html';
import { formatDate } from './dates.ts';
import { t } from './i18n.ts';

const PRIORITY_MARK: Record<string, string> = { urgent: '🔴', high: '🟠', medium: '🟡', low: '🔵' };
const DONE = new Set(['completed', 'canceled']);

/** `today` (YYYY-MM-DD, the reader's: `todayIn` of shared/src/dates.ts) marks an open issue's past due date as overdue. */
export function formatCard(card: IssueCard, locale: Locale, today: string): string {
  const lines = [`<b>${escapeHtml(card.key)}</b> ${escapeHtml(card.title)}`];
  const facts = [`${t(locale, 'card.status')}: ${escapeHtml(card.statusName)}`];
  if (card.priority !== 'none') facts.push(`${PRIORITY_MARK[card.priority] ?? ''} ${t(locale, `priority.${card.priority}` as 'priority.none')}`);
  if (card.dueDate) {
    const overdue = isOverdueOn(card.dueDate, today) && !DONE.has(card.statusCategory);
    facts.push(`${t(locale, 'card.due')}: ${formatDate(card.dueDate, locale)}${overdue ? ` ⚠️ ${t(locale, 'card.overdue')}` : ''}`);
  }
  facts.push(`${t(locale, 'card.assignee')}: ${card.assigneeName ? escapeHtml(card.assigneeName) : t(locale, 'card.unassigned')}`);
  lines.push(facts.join(' · '));
  lines.push(`<i>${escapeHtml(card.projectName)}</i>`);
  return lines.join('\n');
}

/** One line of a list: the key links to the issue's card in the private chat with the bot. */
export function issueLine(card: IssueCard, locale: Locale, botUsername: string): string {
  const due = card.dueDate ? ` · ${t(locale, 'card.due')}: ${formatDate(card.dueDate, locale)}` : '';
  return `${issueLink(card, botUsername)} ${escapeHtml(card.title)} — ${escapeHtml(card.statusName)}${due}`;
}

export const issueLink = (card: { id: number; key: string }, botUsername: string) =>
  `<a href="https://t.me/${botUsername}?start=issue_${card.id}">${escapeHtml(card.key)}</a>`;
