import { conversations, createConversation, type Conversation } from '@grammyjs/conversations';
import { Composer, InlineKeyboard, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import { PRIORITIES } from '@tracker/shared/api/issues';
import { formatYmd } from '@tracker/shared/quick-add/calendar';
import type { BotBackend } from '../backend.ts';
import { cardKeyboard, formatCard } from '../cards.ts';
import { identityOf, refusalKey, type BotContext } from '../context.ts';
import { parseDueDate, todayOf } from '../dates.ts';
import { t } from '../i18n.ts';

/** What `/new` starts from: nothing, or a message replied to / forwarded (title, text, link back). */
export interface Prefill {
  title: string;
  description: string;
  /** The chat and message to answer with the created issue. */
  replyTo: { chatId: number; messageId: number } | null;
}

const TITLE_MAX = 300;

/** A message's text as an issue: the first line is the title, the whole text and its source the description. */
export function prefillFrom(message: Message, locale: 'ru' | 'en'): Prefill | null {
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

/**
 * `/new`: a conversation (state in the backend's storage, so it survives restarts and instances)
 * asking project, title, description, priority and due date; `/cancel` leaves at any step.
 */
export function newIssueFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.use(conversations({ storage: { type: 'key', version: 1, adapter: backend.conversationStorage as never } }));

  composer.command('cancel', async (ctx) => {
    const active = Object.keys(ctx.conversation.active()).length > 0;
    await ctx.conversation.exitAll();
    await ctx.reply(t(ctx.locale, active ? 'new.cancelled' : 'new.nothingToCancel'));
  });

  async function newIssue(conversation: Convo, ctx: Context, prefill: Prefill | null) {
    const tg = identityOf(ctx)!;
    const { user, locale } = await conversation.external(() => backend.identify(tg));
    if (!user) return void (await ctx.reply(t(locale, 'notLinked')));
    const projects = await conversation.external(() => backend.projects(user));
    if (!projects.length) return void (await ctx.reply(t(locale, 'new.noProjects')));
    const mine = (c: Context) => c.from?.id === tg.id && isText(c);
    const otherwise = (key: 'new.useButtons' | 'new.sendText') => ({ otherwise: (c: Context) => c.reply(t(locale, key)).then(() => {}) });

    const projectKb = new InlineKeyboard();
    projects.slice(0, 30).forEach((p, i) => {
      projectKb.text(`${p.key} · ${p.name}`, `np:${p.id}`);
      if (i % 2 === 1) projectKb.row();
    });
    await ctx.reply(prefill ? t(locale, 'new.prefilled', { title: prefill.title }) + '\n\n' + t(locale, 'new.project') : t(locale, 'new.project'), { reply_markup: projectKb });
    const picked = await conversation.waitForCallbackQuery(/^np:(\d+)$/, otherwise('new.useButtons'));
    const projectId = Number(picked.match[1]);
    await picked.answerCallbackQuery();

    let title = prefill?.title ?? '';
    while (!title) {
      await ctx.reply(t(locale, 'new.title'));
      const answer = (await conversation.waitUntil(mine, otherwise('new.sendText'))).message!.text!.trim();
      if (answer.length > TITLE_MAX) await ctx.reply(t(locale, 'new.titleTooLong', { count: TITLE_MAX }));
      else if (answer !== '/skip') title = answer;
    }

    let description = prefill?.description ?? '';
    if (!prefill) {
      await ctx.reply(t(locale, 'new.description'));
      const answer = (await conversation.waitUntil(mine, otherwise('new.sendText'))).message!.text!;
      description = answer === '/skip' ? '' : answer;
    }

    const priorityKb = new InlineKeyboard();
    PRIORITIES.forEach((p, i) => {
      priorityKb.text(t(locale, `priority.${p}`), `npr:${p}`);
      if (i % 3 === 2) priorityKb.row();
    });
    await ctx.reply(t(locale, 'new.priority'), { reply_markup: priorityKb });
    const priorityAnswer = await conversation.waitForCallbackQuery(/^npr:(\w+)$/, otherwise('new.useButtons'));
    const priority = priorityAnswer.match[1]!;
    await priorityAnswer.answerCallbackQuery();

    await ctx.reply(t(locale, 'new.due'));
    const now = await conversation.now();
    let dueDate: string | null = null;
    for (;;) {
      const answer = (await conversation.waitUntil(mine, otherwise('new.sendText'))).message!.text!;
      if (answer === '/skip') break;
      dueDate = parseDueDate(answer, todayOf(user.timeZone, new Date(now)));
      if (dueDate) break;
      await ctx.reply(t(locale, 'new.badDate'));
    }

    const result = await conversation.external(async () => {
      try {
        const chat = ctx.chat && ctx.chat.type !== 'private' ? { chatId: ctx.chat.id, threadId: ctx.msg?.message_thread_id ?? 0 } : undefined;
        return { card: await backend.createIssue(user, { projectId, title, description, priority, dueDate, chat }), refused: null };
      } catch (err) {
        const key = refusalKey(err);
        if (!key) throw err;
        return { card: null, refused: key };
      }
    });
    if (!result.card) return void (await ctx.reply(t(locale, result.refused ?? 'invalid')));
    const today = formatYmd(todayOf(user.timeZone, new Date(now)));
    await ctx.reply(`${t(locale, 'new.created')}\n\n${formatCard(result.card, locale, today)}`, {
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
  // A message forwarded to the bot in a private chat becomes a pre-filled issue.
  composer.chatType('private').on('message').filter((ctx) => !!ctx.message.forward_origin, async (ctx) => {
    await ctx.conversation.enter('newIssue', prefillFrom(ctx.message, ctx.locale));
  });
  return composer;
}
