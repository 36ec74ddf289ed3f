import { Composer } from 'grammy';
import type { BotBackend, BotUser, IssueCard } from '../backend.ts';
import { cardKeyboard, formatCard, statusKeyboard } from '../cards.ts';
import { asAccount, type BotContext } from '../context.ts';
import { formatYmd } from '@tracker/shared/quick-add/calendar';
import { todayOf } from '../dates.ts';
import { t } from '../i18n.ts';

const LIST_LIMIT = 10;
const today = (user: BotUser) => formatYmd(todayOf(user.timeZone));

/** Sends issues as cards, one message each (so each has its own buttons). */
export async function sendCards(ctx: BotContext, user: BotUser, cards: IssueCard[], empty: 'my.empty' | 'today.empty') {
  if (!cards.length) {
    await ctx.reply(t(ctx.locale, empty));
    return;
  }
  for (const card of cards.slice(0, LIST_LIMIT)) {
    await ctx.reply(formatCard(card, ctx.locale, today(user)), { parse_mode: 'HTML', reply_markup: cardKeyboard(card, ctx.locale, ctx.me.username) });
  }
  if (cards.length > LIST_LIMIT) await ctx.reply(t(ctx.locale, 'more', { count: cards.length - LIST_LIMIT }));
}

/** `/my`, `/today` and the card buttons: change status, assign to me, snooze the due date. */
export function issuesFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();

  composer.command('my', (ctx) => asAccount(ctx, async (user) => sendCards(ctx, user, await backend.myIssues(user), 'my.empty')));
  composer.command('today', (ctx) => asAccount(ctx, async (user) => sendCards(ctx, user, await backend.dueIssues(user), 'today.empty')));

  const redraw = async (ctx: BotContext, user: BotUser, card: IssueCard, notice?: string) => {
    await ctx.answerCallbackQuery(notice ? { text: notice } : undefined);
    await ctx.editMessageText(formatCard(card, ctx.locale, today(user)), { parse_mode: 'HTML', reply_markup: cardKeyboard(card, ctx.locale, ctx.me.username) });
  };

  composer.callbackQuery(/^st:(\d+)$/, (ctx) =>
    asAccount(ctx, async (user) => {
      const issueId = Number(ctx.match[1]);
      const statuses = await backend.statuses(user, issueId);
      await ctx.answerCallbackQuery();
      await ctx.editMessageReplyMarkup({ reply_markup: statusKeyboard(issueId, statuses, ctx.locale) });
    }),
  );
  composer.callbackQuery(/^cd:(\d+)$/, (ctx) =>
    asAccount(ctx, async (user) => {
      const card = await backend.issue(user, Number(ctx.match[1]));
      if (card) await redraw(ctx, user, card);
      else await ctx.answerCallbackQuery({ text: t(ctx.locale, 'notFound'), show_alert: true });
    }),
  );
  composer.callbackQuery(/^ss:(\d+):(\d+)$/, (ctx) =>
    asAccount(ctx, async (user) => {
      const card = await backend.setStatus(user, Number(ctx.match[1]), Number(ctx.match[2]));
      await redraw(ctx, user, card, t(ctx.locale, 'statusChanged', { status: card.statusName }));
    }),
  );
  composer.callbackQuery(/^me:(\d+)$/, (ctx) =>
    asAccount(ctx, async (user) => {
      const card = await backend.assignToMe(user, Number(ctx.match[1]));
      await redraw(ctx, user, card, t(ctx.locale, 'assigned'));
    }),
  );
  composer.callbackQuery(/^sz:(\d+):(\d+)$/, (ctx) =>
    asAccount(ctx, async (user) => {
      const card = await backend.snooze(user, Number(ctx.match[1]), Math.min(30, Number(ctx.match[2])));
      await redraw(ctx, user, card, t(ctx.locale, 'snoozed'));
    }),
  );
  return composer;
}


/** `/start issue_<id>`: the issue's card with its buttons. */
export function openIssuePayload(backend: BotBackend) {
  return (ctx: BotContext, rest: string) =>
    asAccount(ctx, async (user) => {
      const card = /^\d+$/.test(rest) ? await backend.issue(user, Number(rest)) : null;
      if (!card) return void (await ctx.reply(t(ctx.locale, 'notFound')));
      await ctx.reply(formatCard(card, ctx.locale, today(user)), { parse_mode: 'HTML', reply_markup: cardKeyboard(card, ctx.locale, ctx.me.username) });
    });
}
