// Every inline keyboard the bot sends, built from the typed callback codecs (callbacks.ts).
import { InlineKeyboard } from 'grammy';
import type { InlineKeyboardButton, InlineQueryResultArticle } from 'grammy/types';
import { PRIORITIES } from '@tracker/shared/api/issues';
import type { Locale } from '@tracker/shared/locales';
import { localizePath } from '@tracker/shared/routes';
import { QUICK_CATEGORIES, type CycleRef, type IssueCard, type ProjectChoice } from './backend.ts';
import { callbacks } from './callbacks.ts';
import { formatCard } from './cards.ts';
import { cycleDays, cycleName } from './cycle.ts';
import { DUE_CHOICES } from './dates.ts';
import { t } from './i18n.ts';

/** The mini app opened on the issue: Telegram's direct link with a start parameter. */
export const miniAppLink = (botUsername: string, issueId: number) => `https://t.me/${botUsername}?startapp=issue_${issueId}`;

/** Buttons in rows of `columns`, with no empty row at the end. */
export function grid(buttons: InlineKeyboardButton[], columns: number): InlineKeyboard {
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < buttons.length; i += columns) rows.push(buttons.slice(i, i + columns));
  return InlineKeyboard.from(rows);
}

/**
 * The button that opens Tracker. Telegram accepts `web_app` buttons only in private chats (and
 * only over https); elsewhere the mini app opens through its t.me link, as card buttons do.
 */
export function openButton(locale: Locale, publicUrl: string, privateChat: boolean, botUsername: string): InlineKeyboard {
  const url = publicUrl + localizePath('/', locale);
  if (!privateChat) return new InlineKeyboard().url(t(locale, 'open'), `https://t.me/${botUsername}?startapp`);
  return url.startsWith('https://') ? new InlineKeyboard().webApp(t(locale, 'open'), url) : new InlineKeyboard().url(t(locale, 'open'), url);
}

/**
 * A card's buttons: one-tap moves to the first `started` / `completed` status (not to the category
 * the issue is in), the status picker, "Assign to me" unless `viewerId` (who the card is shown to,
 * when known) already has it, and snoozing. Group cards (`actions` false) only open the issue.
 */
export function cardKeyboard(card: IssueCard, locale: Locale, botUsername: string, actions = true, viewerId: number | null = null): InlineKeyboard {
  const kb = new InlineKeyboard();
  // In Triage the question is whether to take it at all (issue 26).
  if (actions && card.statusCategory === 'triage') {
    kb.text(t(locale, 'button.triageAccept'), callbacks.triageAccept.encode(card.id)).text(t(locale, 'button.triageDecline'), callbacks.triageDecline.encode(card.id)).row();
    kb.text(t(locale, 'button.triageDuplicate'), callbacks.triageDuplicate.encode(card.id)).text(t(locale, 'button.triageSnooze'), callbacks.triageSnooze.encode(card.id)).row();
  } else if (actions) {
    const moves = QUICK_CATEGORIES.filter((c) => c !== card.statusCategory);
    for (const category of moves) kb.text(t(locale, `button.move.${category}`), callbacks.moveTo.encode(card.id, category));
    if (moves.length) kb.row();
    kb.text(t(locale, 'button.status'), callbacks.statuses.encode(card.id));
    if (viewerId === null || card.assigneeId !== viewerId) kb.text(t(locale, 'button.assignMe'), callbacks.assignMe.encode(card.id));
    kb.row();
    kb.text(t(locale, 'button.snooze'), callbacks.snooze.encode(card.id, 1)).text(t(locale, 'button.snoozeWeek'), callbacks.snooze.encode(card.id, 7)).row();
  }
  return kb.url(t(locale, 'button.open'), miniAppLink(botUsername, card.id));
}

/** A due reminder's snoozes: again in an hour, due tomorrow, due a week later; then the issue. */
export const reminderKeyboard = (card: IssueCard, locale: Locale, botUsername: string): InlineKeyboard =>
  new InlineKeyboard()
    .text(t(locale, 'button.remindHour'), callbacks.remindLater.encode(card.id))
    .text(t(locale, 'button.dueTomorrow'), callbacks.dueIn.encode(card.id, 1))
    .text(t(locale, 'button.dueNextWeek'), callbacks.snooze.encode(card.id, 7))
    .row()
    .url(t(locale, 'button.open'), miniAppLink(botUsername, card.id));

/** The status picker; the issue's current status is marked with ✓. */
export function statusKeyboard(issueId: number, statuses: { id: number; name: string }[], locale: Locale, currentId: number | null = null): InlineKeyboard {
  return grid(statuses.map((s) => InlineKeyboard.text(s.id === currentId ? `✓ ${s.name}` : s.name, callbacks.setStatus.encode(issueId, s.id))), 2)
    .row()
    .text(t(locale, 'button.back'), callbacks.card.encode(issueId));
}

export const projectKeyboard = (owner: number, projects: ProjectChoice[]) =>
  grid(projects.map((p) => InlineKeyboard.text(`${p.key} · ${p.name}`, callbacks.project.encode(owner, p.id))), 2);

export const priorityKeyboard = (owner: number, locale: Locale) =>
  grid(PRIORITIES.map((p) => InlineKeyboard.text(t(locale, `priority.${p}`), callbacks.priority.encode(owner, p))), 3);

/** The project's templates as `/name` buttons, and "No template". */
export const templateKeyboard = (owner: number, templates: readonly { id: number; name: string }[], locale: Locale) =>
  grid([...templates.map((x) => InlineKeyboard.text(`/${x.name}`, callbacks.template.encode(owner, x.id))), InlineKeyboard.text(t(locale, 'new.withoutTemplate'), callbacks.template.encode(owner, 0))], 2);

/** The project's current and next cycle, as many as it has, each with its days, and "No cycle". */
export function cycleChoiceKeyboard(owner: number, locale: Locale, cycles: { current: CycleRef | null; next: CycleRef | null }): InlineKeyboard {
  const offered = (['current', 'next'] as const).flatMap((which) => {
    const c = cycles[which];
    return c ? [[InlineKeyboard.text(t(locale, `new.${which}Cycle`, { name: cycleName(locale, c), days: cycleDays(locale, c) }), callbacks.cycle.encode(owner, c.id))]] : [];
  });
  return InlineKeyboard.from([...offered, [InlineKeyboard.text(t(locale, 'new.noCycle'), callbacks.cycle.encode(owner, 0))]]);
}

export const languageKeyboard = (locales: readonly Locale[]) => grid(locales.map((l) => InlineKeyboard.text(t(l, 'languageName'), callbacks.language.encode(l))), locales.length);

export const fromMessageKeyboard = (locale: Locale) => new InlineKeyboard().text(t(locale, 'stray.create'), callbacks.fromMessage.encode());

/** `/my` paging: previous and next where there are such pages. */
export function pageKeyboard(page: number, pages: number, locale: Locale): InlineKeyboard | undefined {
  const buttons: InlineKeyboardButton[] = [];
  if (page > 0) buttons.push(InlineKeyboard.text(t(locale, 'button.prev'), callbacks.myPage.encode(page - 1)));
  if (page < pages - 1) buttons.push(InlineKeyboard.text(t(locale, 'button.next'), callbacks.myPage.encode(page + 1)));
  return buttons.length ? InlineKeyboard.from([buttons]) : undefined;
}

export const dueKeyboard = (owner: number, locale: Locale) =>
  grid(DUE_CHOICES.map((c) => InlineKeyboard.text(t(locale, `button.due.${c}`), callbacks.due.encode(owner, c))), 2);

/** An issue card as a message others may be sent (an inline answer, a mini app's Share): the card with only its Open button. */
export function cardArticle(card: IssueCard, locale: Locale, botUsername: string, timeZone: string): InlineQueryResultArticle {
  return {
    type: 'article',
    id: `issue_${card.id}`,
    title: `${card.key} ${card.title}`,
    description: card.statusName,
    input_message_content: { message_text: formatCard(card, locale, timeZone), parse_mode: 'HTML' },
    reply_markup: cardKeyboard(card, locale, botUsername, false),
  };
}
