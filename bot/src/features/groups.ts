import { Composer, GrammyError, InlineKeyboard, type Api } from 'grammy';
import type { Locale } from '@tracker/shared/locales';
import type { BotBackend, ChatLinkResult, ChatRef } from '../backend.ts';
import { callbacks, onCallback } from '../callbacks.ts';
import { answerQuery, asAccount, groupChatOf, redrawMessage, type BotContext } from '../context.ts';
import { t, type BotKey } from '../i18n.ts';

/**
 * True when the sender administers the group (Telegram's creator or administrators), or posts as the
 * group itself, which only its administrators can.
 */
export async function isGroupAdmin(ctx: BotContext): Promise<boolean> {
  if (!ctx.chat || !ctx.from) return false;
  if (ctx.message?.sender_chat?.id === ctx.chat.id) return true;
  const member = await ctx.getChatMember(ctx.from.id);
  return member.status === 'creator' || member.status === 'administrator';
}

const LINKED: Record<'linked' | 'already', Record<'project' | 'stream', BotKey>> = {
  linked: { project: 'link.project', stream: 'link.stream' },
  already: { project: 'link.alreadyProject', stream: 'link.alreadyStream' },
};

/** The text of a link's outcome (a confirmation question has its own message). */
const outcome = (ctx: Pick<BotContext, 'locale'>, linked: Exclude<ChatLinkResult, { result: 'confirm' }>) =>
  linked.result === 'ownersOnly' ? t(ctx.locale, 'link.ownersOnly') : t(ctx.locale, LINKED[linked.result][linked.kind], { name: linked.name });

/**
 * A link's outcome in the group (or topic). A new project link carries a button that opens the
 * project in the mini app (`startapp=project_<KEY>`) and is pinned, so the team finds it — when the
 * bot administers the group with the right to pin (asked first, rather than refused); else it stays unpinned.
 */
export async function announce(api: Api, chat: ChatRef, locale: Locale, bot: { id: number; username: string }, linked: Exclude<ChatLinkResult, { result: 'confirm' }>) {
  const topic = chat.threadId ? { message_thread_id: chat.threadId } : {};
  const text = outcome({ locale }, linked);
  if (linked.result !== 'linked' || !linked.key) return void (await api.sendMessage(chat.chatId, text, topic));
  const open = new InlineKeyboard().url(t(locale, 'link.openProject', { name: linked.name }), `https://t.me/${bot.username}?startapp=project_${linked.key}`);
  const message = await api.sendMessage(chat.chatId, text, { ...topic, reply_markup: open });
  const rights = await api.getChatMember(chat.chatId, bot.id);
  if (rights.status === 'creator' || (rights.status === 'administrator' && rights.can_pin_messages)) {
    await api.pinChatMessage(chat.chatId, message.message_id, { disable_notification: true });
  }
}

const UNLINKED: Record<'unlinked' | 'notLinked' | 'forbidden', BotKey> = { unlinked: 'link.unlinked', notLinked: 'link.notLinked', forbidden: 'link.unlinkForbidden' };

/**
 * `/link <PROJECT-KEY>` or `/link stream_<id>` in a group binds the group — or the forum topic the
 * command was sent in — to a project or stream: new issues and status changes are posted there. Only
 * the group's administrators link. A members-only project is linked only by its owner, who is asked
 * in their private chat (so the group hears nothing of the project before) whether everyone in the
 * group may see it. `/unlink` undoes a link: a group administrator or an owner of the linked project.
 */
export function groupsFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  const group = composer.chatType(['group', 'supergroup']);
  composer.chatType('private').command(['link', 'unlink'], (ctx) => ctx.reply(t(ctx.locale, 'link.groupOnly')));

  group.command('link', async (ctx) => {
    if (!(await isGroupAdmin(ctx))) return void (await ctx.reply(t(ctx.locale, 'link.adminsOnly')));
    const target = ctx.match.trim();
    if (!/^([A-Za-z]{2,10}|stream_\d+)$/.test(target)) return void (await ctx.reply(t(ctx.locale, 'link.usage')));
    await asAccount(ctx, async (user) => {
      const linked = await backend.linkChat(user, groupChatOf(ctx)!, target);
      if (linked.result !== 'confirm') return void (await announce(ctx.api, groupChatOf(ctx)!, ctx.locale, ctx.me, linked));
      const question = new InlineKeyboard()
        .text(t(user.locale, 'link.confirmButton'), callbacks.linkConfirm.encode(linked.requestId))
        .text(t(user.locale, 'link.cancelButton'), callbacks.linkCancel.encode(linked.requestId));
      const replyTo = { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } };
      try {
        await ctx.api.sendMessage(ctx.from.id, t(user.locale, 'link.confirm', { group: ctx.chat.title, name: linked.name }), { reply_markup: question });
      } catch (err) {
        if (!(err instanceof GrammyError && err.error_code === 403)) throw err;
        const chatLink = `https://t.me/${ctx.me.username}`;
        return void (await ctx.reply(t(ctx.locale, 'link.startChat'), { ...replyTo, reply_markup: new InlineKeyboard().url(t(ctx.locale, 'personal.openChat'), chatLink) }));
      }
      await ctx.reply(t(ctx.locale, 'link.asked'), replyTo);
    });
  });

  // The answer, in the owner's private chat (where the question is): theirs alone, while they still administer the group.
  const answer = (confirmed: boolean) => async (ctx: BotContext, [requestId]: readonly [number]) => {
    if (ctx.chat?.type !== 'private') return void (await answerQuery(ctx, { text: t(ctx.locale, 'staleButton'), show_alert: true }));
    await asAccount(ctx, async (user) => {
      const chat = await backend.linkRequest(user, requestId);
      const member = chat && (await ctx.api.getChatMember(chat.chatId, ctx.from!.id));
      if (!member || (member.status !== 'creator' && member.status !== 'administrator')) {
        await answerQuery(ctx, { text: t(ctx.locale, chat ? 'link.adminsOnly' : 'staleButton'), show_alert: true });
        return;
      }
      const answered = await backend.answerLinkRequest(user, requestId, confirmed);
      await answerQuery(ctx);
      if (!answered) return;
      await redrawMessage(ctx, () => ctx.editMessageText(answered.result ? outcome(ctx, answered.result) : t(ctx.locale, 'link.cancelled')));
      if (answered.result?.result === 'linked') await announce(ctx.api, answered.chat, answered.locale, ctx.me, answered.result);
    });
  };
  composer.use(onCallback(callbacks.linkConfirm, answer(true)));
  composer.use(onCallback(callbacks.linkCancel, answer(false)));

  // A join button for the group's members: one tap in the private chat makes them members (`join_<token>`).
  group.command('invite', async (ctx) => {
    await asAccount(ctx, async (user) => {
      const invite = await backend.groupInvite(user, groupChatOf(ctx)!);
      if (!invite) return void (await ctx.reply(t(ctx.locale, 'invite.notLinked')));
      await ctx.reply(t(ctx.locale, 'invite.post', { name: invite.name }), { reply_markup: new InlineKeyboard().url(t(ctx.locale, 'invite.button'), invite.url) });
    });
  });
  composer.chatType('private').command('invite', (ctx) => ctx.reply(t(ctx.locale, 'invite.groupOnly')));

  group.command('unlink', async (ctx) => {
    const removed = await backend.unlinkChat(ctx.account, groupChatOf(ctx)!, await isGroupAdmin(ctx));
    await ctx.reply(t(ctx.locale, UNLINKED[removed]));
  });
  return composer;
}
