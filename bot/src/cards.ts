// An issue as a Telegram message's HTML text (its buttons are in keyboards.ts). Pure, so it is unit-tested.
import { isOverdueOn, todayIn } from '@tracker/shared/dates';
import type { Locale } from '@tracker/shared/locales';
import type { IssueCard } from './backend.ts';
import { escapeHtml } from '@tracker/shared/html';
import { slaState } from '@tracker/shared/sla-state';
import { formatDate, formatDateTime } from './dates.ts';
import { t } from './i18n.ts';

const PRIORITY_MARK: Record<string, string> = { urgent: '🔴', high: '🟠', medium: '🟡', low: '🔵' };
const DONE = new Set(['completed', 'canceled']);

/**
 * `timeZone`, the reader's: their today (`todayIn` of shared/src/dates.ts) marks an open issue's past
 * due date as overdue, and the SLA's next deadline is said in their clock. A card is a message that
 * stays in the chat, so the deadline is a time, not "in 3 h".
 */
export function formatCard(card: IssueCard, locale: Locale, timeZone: string, now = new Date()): string {
  const today = todayIn(timeZone, now);
  const lines = [`<b>${escapeHtml(card.key)}</b> ${escapeHtml(card.title)}`];
  const facts = [`${t(locale, 'card.status')}: ${escapeHtml(card.statusName)}`];
  if (card.priority !== 'none') facts.push(`${PRIORITY_MARK[card.priority] ?? ''} ${t(locale, `priority.${card.priority}` as 'priority.none')}`);
  if (card.dueDate) {
    const overdue = isOverdueOn(card.dueDate, today) && !DONE.has(card.statusCategory);
    facts.push(`${t(locale, 'card.due')}: ${formatDate(card.dueDate, locale)}${overdue ? ` ⚠️ ${t(locale, 'card.overdue')}` : ''}`);
  }
  facts.push(`${t(locale, 'card.assignee')}: ${card.assigneeName ? escapeHtml(card.assigneeName) : t(locale, 'card.unassigned')}`);
  const sla = slaText(card, locale, timeZone, now.getTime());
  if (sla) facts.push(sla);
  lines.push(facts.join(' · '));
  lines.push(`<i>${escapeHtml(card.projectName)}</i>`);
  return lines.join('\n');
}

function slaText(card: IssueCard, locale: Locale, timeZone: string, now: number): string | null {
  const state = slaState(card, now);
  if (!state) return null;
  if (state.kind === 'breached') return t(locale, 'card.slaBreached');
  if (state.kind === 'paused') return t(locale, 'card.slaPaused');
  return t(locale, 'card.slaBy', { time: formatDateTime(state.at, locale, timeZone) });
}

/** One line of a list: the key links to the issue's card in the private chat with the bot. */
export function issueLine(card: IssueCard, locale: Locale, botUsername: string): string {
  const due = card.dueDate ? ` · ${t(locale, 'card.due')}: ${formatDate(card.dueDate, locale)}` : '';
  return `${issueLink(card, botUsername)} ${escapeHtml(card.title)} — ${escapeHtml(card.statusName)}${due}`;
}

export const issueLink = (card: { id: number; key: string }, botUsername: string) =>
  `<a href="https://t.me/${botUsername}?start=issue_${card.id}">${escapeHtml(card.key)}</a>`;
