// A person's own answers (their lists, their digest) asked for in a group. A group is shown only what
// every member may see, and a person's lists name issues others may not see: the answer goes to the
// person's private chat and the group gets a one-line note, in the group's language.
import { GrammyError, InlineKeyboard, type Context } from 'grammy';
import type { Locale } from '@tracker/shared/locales';
import type { BotUser } from './backend.ts';
import { answerQuery, type BotContext } from './context.ts';
import { t } from './i18n.ts';

/** The `/start` payloads that give a personal answer in the private chat (the note's button asks with them). */
export type PersonalPayload = 'my' | 'today' | 'digest';

/** The private chat with the bot, asking there what was asked in the group. */
const privateChatLink = (botUsername: string, payload: PersonalPayload) => `https://t.me/${botUsername}?start=${payload}`;

// Telegram answers 403 when the bot may not write first: the person never started it ("bot can't
// initiate conversation with a user") or blocked it. Opening the chat by the link undoes both.
const unreachable = (err: unknown) => err instanceof GrammyError && err.error_code === 403;

/**
 * Sends `user`'s personal answer with `send(chatId, locale)`: where it was asked in a private chat,
 * there; from a group (a command, or a button of an old message), to the private chat in the
 * person's language, with a note where it was asked. When the bot may not write there first, the
 * note carries a button that opens the private chat and asks again with `/start <payload>`.
 */
export async function answerPersonally(ctx: BotContext, user: BotUser, payload: PersonalPayload, send: (chatId: number, locale: Locale) => Promise<unknown>): Promise<void> {
  if (ctx.chat?.type === 'private') return void (await send(ctx.chat.id, ctx.locale));
  let reached = true;
  try {
    // The sender is known: `user` is the account linked to them.
    await send(ctx.from!.id, user.locale);
  } catch (err) {
    if (!unreachable(err)) throw err;
    reached = false;
  }
  const link = privateChatLink(ctx.me.username, payload);
  if (ctx.callbackQuery) return answerQuery(ctx, reached ? { text: t(ctx.locale, 'personal.sent') } : { url: link });
  const replyTo = ctx.msg ? { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } } : {};
  if (reached) await ctx.reply(t(ctx.locale, 'personal.sent'), replyTo);
  else await ctx.reply(t(ctx.locale, 'personal.startChat'), { ...replyTo, reply_markup: new InlineKeyboard().url(t(ctx.locale, 'personal.openChat'), link) });
}

/**
 * `/new` or `/issue` in a linked group by someone who may not create there (not a member of its project): the
 * reason goes to their private chat; the group learns nothing of the project, only that they were
 * answered (or, when the bot may not write to them first, the generic reason).
 */
export async function notMemberHere(ctx: Context, own: Locale, groupLocale: Locale): Promise<void> {
  const replyTo = ctx.msg ? { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } } : {};
  try {
    await ctx.api.sendMessage(ctx.from!.id, t(own, 'new.notMemberPrivate', { group: ctx.chat?.title ?? '' }));
  } catch (err) {
    if (!(err instanceof GrammyError && err.error_code === 403)) throw err;
    return void (await ctx.reply(t(groupLocale, 'new.noLinkedProjects'), replyTo));
  }
  await ctx.reply(t(groupLocale, 'personal.sent'), replyTo);
}
