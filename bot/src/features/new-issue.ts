import { conversations, createConversation, type Conversation } from '@grammyjs/conversations';
import { Composer, type Context } from 'grammy';
import type { ForceReply, InlineKeyboardMarkup, Message } from 'grammy/types';
import { formatYmd } from '@tracker/shared/quick-add/calendar';
import type { Locale } from '@tracker/shared/locales';
import type { BotBackend } from '../backend.ts';
import { callbacks, onCallback } from '../callbacks.ts';
import { formatCard } from '../cards.ts';
import { answerQuery, groupChatOf, identityOf, refusalKey, type BotContext } from '../context.ts';
import { parseDueDate, todayOf } from '../dates.ts';
import { t, type BotKey } from '../i18n.ts';
import { cardKeyboard, priorityKeyboard, projectKeyboard } from '../keyboards.ts';

/** What `/new` starts from: nothing, or a message replied to / forwarded (title, text, link back). */
export interface Prefill {
  title: string;
  description: string;
  /** The chat and message to answer with the created issue. */
  replyTo: { chatId: number; messageId: number } | null;
}

const TITLE_MAX = 300;

/** A message's text as an issue: the first line is the title, the whole text and its source the description. */
export function prefillFrom(message: Message, locale: Locale): Prefill | null {
  const text = (message.text ?? message.caption ?? '').trim();
  if (!text) return null;
  const title = text.split('\n')[0]!.slice(0, TITLE_MAX);
  const origin = message.forward_origin;
  let source = '';
  if (origin?.type === 'channel' && origin.chat.username) source = `https://t.me/${origin.chat.username}/${origin.message_id}`;
  else if (origin?.type === 'user') source = [origin.sender_user.first_name, origin.sender_user.last_name].filter(Boolean).join(' ');
  else if (origin?.type === 'hidden_user') source = origin.sender_user_name;
  else if (message.chat.type === 'supergroup') {
    const chat = message.chat.username ?? `c/${String(message.chat.id).replace(/^-100/, '')}`;
    source = `https://t.me/${chat}/${message.message_id}`;
  }
  const quoted = text.split('\n').map((l) => `> ${l}`).join('\n');
  const description = source ? `${quoted}\n\n${t(locale, 'new.source', { source })}` : quoted;
  return { title, description, replyTo: { chatId: message.chat.id, messageId: message.message_id } };
}

type Convo = Conversation<BotContext, Context>;
const isText = (ctx: Context) => !!ctx.message?.text && (!ctx.message.text.startsWith('/') || ctx.message.text === '/skip');
const textOf = (ctx: Context) => (isText(ctx) ? ctx.message!.text! : null);

/**
 * Dialogues are kept per chat and person: in a group, each member's `/new` is their own, and
 * nobody else's message, button or `/cancel` reaches it. Updates without a chat keep no dialogue.
 */
export const dialogueKey = (ctx: Context) => (ctx.chatId === undefined || !ctx.from ? undefined : `${ctx.chatId}:${ctx.from.id}`);

/**
 * Waits for the update a step needs. Buttons of other messages (cards, an earlier step) go on to
 * the handlers outside the dialogue, which answer them; any other message gets the step's hint.
 */
async function step<T>(conversation: Convo, accept: (c: Context) => T | null, hint: () => Promise<unknown>): Promise<{ ctx: Context; value: T }> {
  const c = await conversation.wait();
  const value = accept(c);
  if (value !== null) return { ctx: c, value };
  if (c.callbackQuery) return conversation.skip({ next: true });
  if (c.message) await hint();
  return conversation.skip();
}

/**
 * `/new`: a conversation (state in the backend's storage, so it survives restarts and instances)
 * asking project, title, description, priority and due date; `/cancel` leaves at any step. In a
 * group the text prompts reply to the person's message with a selective force-reply, so that only
 * they are asked and their answer reaches the bot under privacy mode.
 */
export function newIssueFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.use(conversations({ storage: { type: 'key', version: 1, adapter: backend.conversationStorage as never, getStorageKey: dialogueKey } }));

  composer.command('cancel', async (ctx) => {
    const active = Object.keys(ctx.conversation.active()).length > 0;
    await ctx.conversation.exitAll();
    await ctx.reply(t(ctx.locale, active ? 'new.cancelled' : 'new.nothingToCancel'));
  });

  async function newIssue(conversation: Convo, ctx: Context, prefill: Prefill | null) {
    const tg = identityOf(ctx)!;
    const chat = groupChatOf(ctx);
    const group = chat !== null;
    const { user, locale } = await conversation.external(() => backend.identify(tg, chat?.chatId));
    if (!user) return void (await ctx.reply(t(locale, 'notLinked')));
    const { linked, projects } = await conversation.external(() => (chat ? backend.groupProjects(user, chat) : backend.projects(user, null).then((p) => ({ linked: false, projects: p }))));
    if (!projects.length) return void (await ctx.reply(t(locale, linked ? 'new.noLinkedProjects' : group ? 'new.noGroupProjects' : 'new.noProjects')));

    let anchor = ctx.message?.message_id ?? ctx.callbackQuery?.message?.message_id;
    const forceReply: ForceReply = { force_reply: true, selective: true };
    const ask = (text: string, markup?: InlineKeyboardMarkup) =>
      ctx.reply(text, {
        ...(markup ? { reply_markup: markup } : group ? { reply_markup: forceReply } : {}),
        ...(group && anchor ? { reply_parameters: { message_id: anchor, allow_sending_without_reply: true } } : {}),
      });
    const hint = (key: BotKey) => () => ask(t(locale, key));
    const textStep = async () => {
      const answer = await step(conversation, textOf, hint('new.sendText'));
      anchor = answer.ctx.message!.message_id;
      return answer.value;
    };
    const buttonStep = async <T>(decode: (data: string | undefined) => readonly [number, T] | null) => {
      const picked = await step(conversation, (c) => {
        const values = decode(c.callbackQuery?.data);
        return values && values[0] === tg.id ? values[1] : null;
      }, hint('new.useButtons'));
      await answerQuery(picked.ctx);
      return picked.value;
    };

    // A group linked to one project creates there: nothing to choose.
    const only = linked && projects.length === 1 ? projects[0]! : null;
    const projectPrompt = t(locale, 'new.project');
    if (!only) await ask(prefill ? `${t(locale, 'new.prefilled', { title: prefill.title })}\n\n${projectPrompt}` : projectPrompt, projectKeyboard(tg.id, projects.slice(0, 30)));
    const projectId = only ? only.id : await buttonStep(callbacks.project.decode);

    let title = prefill?.title ?? '';
    while (!title) {
      await ask(t(locale, 'new.title'));
      const answer = (await textStep()).trim();
      if (answer.length > TITLE_MAX) await ask(t(locale, 'new.titleTooLong', { count: TITLE_MAX }));
      else if (answer !== '/skip') title = answer;
    }

    let description = prefill?.description ?? '';
    if (!prefill) {
      await ask(t(locale, 'new.description'));
      const answer = await textStep();
      description = answer === '/skip' ? '' : answer;
    }

    await ask(t(locale, 'new.priority'), priorityKeyboard(tg.id, locale));
    const priority = await buttonStep(callbacks.priority.decode);

    await ask(t(locale, 'new.due'));
    const now = await conversation.now();
    const today = todayOf(user.timeZone, new Date(now));
    let dueDate: string | null = null;
    for (;;) {
      const answer = await textStep();
      if (answer === '/skip') break;
      dueDate = parseDueDate(answer, today);
      if (dueDate && dueDate >= formatYmd(today)) break;
      await ask(t(locale, dueDate ? 'new.pastDate' : 'new.badDate'));
    }

    const result = await conversation.external(async () => {
      try {
        return { card: await backend.createIssue(user, { projectId, title, description, priority, dueDate, ...(chat ? { chat } : {}) }), refused: null };
      } catch (err) {
        const key = refusalKey(err);
        if (!key) throw err;
        return { card: null, refused: key };
      }
    });
    if (!result.card) return void (await ctx.reply(t(locale, result.refused ?? 'invalid')));
    await ctx.reply(`${t(locale, 'new.created')}\n\n${formatCard(result.card, locale, formatYmd(today))}`, {
      parse_mode: 'HTML',
      reply_markup: cardKeyboard(result.card, locale, ctx.me.username),
      ...(prefill?.replyTo && prefill.replyTo.chatId === ctx.chat?.id ? { reply_parameters: { message_id: prefill.replyTo.messageId, allow_sending_without_reply: true } } : {}),
    });
  }
  composer.use(createConversation(newIssue, 'newIssue'));

  composer.command('new', async (ctx) => {
    const source = ctx.message?.reply_to_message;
    await ctx.conversation.enter('newIssue', source ? prefillFrom(source, ctx.locale) : null);
  });
  // A message forwarded to the bot in a private chat becomes a pre-filled issue; one with no text
  // (a sticker, a photo without a caption) would make a blank issue, so it is explained instead.
  composer.chatType('private').on('message').filter((ctx) => !!ctx.message.forward_origin, async (ctx) => {
    const prefill = prefillFrom(ctx.message, ctx.locale);
    if (!prefill) return void (await ctx.reply(t(ctx.locale, 'new.forwardNoText')));
    await ctx.conversation.enter('newIssue', prefill);
  });
  // "Create an issue from this?" (fallback.ts) asks in a reply to the text: the issue is made of it.
  composer.use(
    onCallback(callbacks.fromMessage, async (ctx) => {
      const source = ctx.callbackQuery?.message?.reply_to_message;
      const prefill = source ? prefillFrom(source, ctx.locale) : null;
      if (!prefill) return answerQuery(ctx, { text: t(ctx.locale, 'staleButton') });
      if (Object.keys(ctx.conversation.active()).length) return answerQuery(ctx, { text: t(ctx.locale, 'new.busy') });
      await answerQuery(ctx);
      await ctx.conversation.enter('newIssue', prefill);
    }),
  );
  return composer;
}
