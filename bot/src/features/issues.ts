import { Composer } from 'grammy';
import type { TriageActionInput } from '@tracker/shared/api/triage';
import { QUICK_CATEGORIES, type BotBackend, type BotUser, type IssueCard, type QuickCategory } from '../backend.ts';
import { callbacks, ISSUE_CODECS, onCallback } from '../callbacks.ts';
import { answerQuery, asAccount, groupChatOf, redrawMessage, refusalKey, type BotContext } from '../context.ts';
import { formatCard } from '../cards.ts';
import { t } from '../i18n.ts';
import { cardKeyboard, statusKeyboard } from '../keyboards.ts';

const DAY_MS = 86_400_000;
const isQuickCategory = (word: string): word is QuickCategory => (QUICK_CATEGORIES as readonly string[]).includes(word);

/** The card and reminder buttons: change status, assign to me, snooze the due date, remind later. */
export function issuesFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();

  // A group is shown only what every member may see: its card buttons act, and redraw the card or
  // list a project's statuses, only for an issue of a project it may be shown. Cards of other issues
  // reach a group only by mistake or from before the project became members-only.
  composer.on('callback_query:data', async (ctx, next) => {
    const chat = groupChatOf(ctx);
    const issueId = ISSUE_CODECS.map((codec) => codec.decode(ctx.callbackQuery.data)?.[0]).find((id) => id !== undefined);
    if (!chat || issueId === undefined || (await backend.shownInGroup(chat.chatId, [issueId])).has(issueId)) return next();
    await answerQuery(ctx, { text: t(ctx.locale, 'membersOnlyIssue'), show_alert: true });
  });

  // The card is redrawn before the answer: an answer Telegram refuses (too late) must not leave the
  // card showing the old state; a redraw that changes nothing is told apart from a change.
  // In a group the card is everyone's: "Assign to me" stays for whoever it is not assigned to.
  const redraw = async (ctx: BotContext, user: BotUser, card: IssueCard, notice?: string) => {
    const viewer = ctx.chat?.type === 'private' ? user.id : null;
    const changed = await redrawMessage(ctx, () =>
      ctx.editMessageText(formatCard(card, ctx.locale, user.timeZone), { parse_mode: 'HTML', reply_markup: cardKeyboard(card, ctx.locale, ctx.me.username, true, viewer) }),
    );
    await answerQuery(ctx, notice ? { text: changed ? notice : t(ctx.locale, 'unchanged') } : undefined);
  };

  // Accept or Decline on the card of an issue in Triage (issue 26): someone who may not triage it
  // (not a member of its project) gets an answer, not an action.
  const triage = (ctx: BotContext, issueId: number, input: TriageActionInput) =>
    asAccount(ctx, async (user) => {
      try {
        const card = await backend.triage(user, issueId, input);
        await redraw(ctx, user, card, t(ctx.locale, `triage.${input.action === 'accept' ? 'accepted' : input.action === 'decline' ? 'declined' : 'snoozed'}`));
      } catch (err) {
        const key = refusalKey(err);
        if (key !== 'forbidden' && key !== 'notFound') throw err;
        await answerQuery(ctx, { text: t(ctx.locale, 'triage.membersOnly'), show_alert: true });
      }
    });

  composer.use(
    onCallback(callbacks.statuses, (ctx, [issueId]) =>
      asAccount(ctx, async (user) => {
        const [statuses, card] = await Promise.all([backend.statuses(user, issueId), backend.issue(user, issueId)]);
        await redrawMessage(ctx, () => ctx.editMessageReplyMarkup({ reply_markup: statusKeyboard(issueId, statuses, ctx.locale, card?.statusId) }));
        await answerQuery(ctx);
      }),
    ),
    onCallback(callbacks.card, (ctx, [issueId]) =>
      asAccount(ctx, async (user) => {
        const card = await backend.issue(user, issueId);
        if (card) await redraw(ctx, user, card);
        else await answerQuery(ctx, { text: t(ctx.locale, 'notFound'), show_alert: true });
      }),
    ),
    onCallback(callbacks.setStatus, (ctx, [issueId, statusId]) =>
      asAccount(ctx, async (user) => {
        const card = await backend.setStatus(user, issueId, statusId, groupChatOf(ctx) ?? undefined);
        await redraw(ctx, user, card, t(ctx.locale, 'statusChanged', { status: card.statusName }));
      }),
    ),
    onCallback(callbacks.moveTo, (ctx, [issueId, category]) =>
      asAccount(ctx, async (user) => {
        if (!isQuickCategory(category)) return answerQuery(ctx, { text: t(ctx.locale, 'staleButton') });
        const card = await backend.moveTo(user, issueId, category);
        await redraw(ctx, user, card, t(ctx.locale, 'statusChanged', { status: card.statusName }));
      }),
    ),
    onCallback(callbacks.assignMe, (ctx, [issueId]) =>
      asAccount(ctx, async (user) => {
        const card = await backend.assignToMe(user, issueId);
        await redraw(ctx, user, card, t(ctx.locale, 'assigned'));
      }),
    ),
    onCallback(callbacks.snooze, (ctx, [issueId, days]) =>
      asAccount(ctx, async (user) => {
        const card = await backend.snooze(user, issueId, Math.min(30, days));
        await redraw(ctx, user, card, t(ctx.locale, 'snoozed'));
      }),
    ),
    onCallback(callbacks.dueIn, (ctx, [issueId, days]) =>
      asAccount(ctx, async (user) => {
        const card = await backend.dueIn(user, issueId, Math.min(30, days));
        await redraw(ctx, user, card, t(ctx.locale, 'snoozed'));
      }),
    ),
    onCallback(callbacks.triageAccept, (ctx, [issueId]) => triage(ctx, issueId, { action: 'accept' })),
    onCallback(callbacks.triageDecline, (ctx, [issueId]) => triage(ctx, issueId, { action: 'decline' })),
    onCallback(callbacks.triageSnooze, (ctx, [issueId]) => triage(ctx, issueId, { action: 'snooze', until: new Date(Date.now() + DAY_MS).toISOString() })),
    // Which issue it duplicates is typed: the button says how.
    onCallback(callbacks.triageDuplicate, (ctx) => answerQuery(ctx, { text: t(ctx.locale, 'triage.duplicateHow'), show_alert: true })),
    onCallback(callbacks.remindLater, (ctx, [issueId]) =>
      asAccount(ctx, async (user) => {
        await backend.remindLater(user, issueId);
        await answerQuery(ctx, { text: t(ctx.locale, 'remindLater') });
      }),
    ),
  );
  return composer;
}

/** `/start issue_<id>`: the issue's card with its buttons. */
export function openIssuePayload(backend: BotBackend) {
  return (ctx: BotContext, rest: string) =>
    asAccount(ctx, async (user) => {
      const card = /^\d+$/.test(rest) ? await backend.issue(user, Number(rest)) : null;
      if (!card) return void (await ctx.reply(t(ctx.locale, 'notFound')));
      // Others read a group: a members-only project's issue is not shown there.
      if (groupChatOf(ctx) && !(await backend.shownInGroup(ctx.chat!.id, [card.id])).has(card.id)) return void (await ctx.reply(t(ctx.locale, 'membersOnlyIssue')));
      await ctx.reply(formatCard(card, ctx.locale, user.timeZone), { parse_mode: 'HTML', reply_markup: cardKeyboard(card, ctx.locale, ctx.me.username, true, user.id) });
    });
}
