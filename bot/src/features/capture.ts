import { Composer } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotBackend, BotUser, CaptureInput, CaptureResult, ChatRef } from '../backend.ts';
import { asAccount, groupChatOf, type BotContext } from '../context.ts';
import { fileOf, type Download } from '../files.ts';
import { t } from '../i18n.ts';
import { answerWithCard } from '../notes.ts';
import { notMemberHere } from '../personal.ts';
import { TITLE_MAX } from './prefill.ts';
import { issueOfMessage } from './reply-comment.ts';

/** The address of a group message: a public group's by its username, a private supergroup's by `t.me/c/…`; basic groups have none. */
export function messageUrl(chat: { id: number; username?: string }, messageId: number, threadId = 0): string {
  const topic = threadId ? `${threadId}/` : '';
  if (chat.username) return `https://t.me/${chat.username}/${topic}${messageId}`;
  const internal = /^-100(\d+)$/.exec(String(chat.id));
  return internal ? `https://t.me/c/${internal[1]}/${topic}${messageId}` : '';
}

const authorOf = (m: Message) => (m.from ? [m.from.first_name, m.from.last_name].filter(Boolean).join(' ') : (m.sender_chat && 'title' in m.sender_chat ? m.sender_chat.title : '')) ?? '';

/** What a message gives an issue: its text (or a file's caption), unless it is something else (a sticker, a poll, a service message). */
export function capturable(m: Message): { text: string } | null {
  if (m.sticker || m.poll || m.dice || m.game) return null;
  const text = m.text ?? m.caption ?? '';
  return text || fileOf(m) ? { text } : null;
}

/** The issue made of `source`: the words given, else its first line; its text, author and link as the description. */
export function captureInput(source: Message, words: string, chat: { id: number; username?: string }, threadId: number, locale: Parameters<typeof t>[0]): CaptureInput {
  const { text } = capturable(source)!;
  const author = authorOf(source);
  const url = messageUrl(chat, source.message_id, threadId);
  const firstLine = text.split('\n').find((line) => line.trim())?.trim() ?? '';
  const title = (words.trim() || firstLine || t(locale, 'capture.untitled', { author })).slice(0, TITLE_MAX);
  const quote = text ? `${text.split('\n').map((line) => `> ${line}`).join('\n')}\n\n` : '';
  const from = url ? t(locale, 'capture.fromLinked', { author, url }) : t(locale, 'capture.from', { author });
  return { title, description: `${quote}${from}`, source: { chatId: chat.id, threadId, messageId: source.message_id, url, author } };
}

/**
 * Makes `source` (a capturable message of `chat`) an issue in the linked project's Triage as `user`,
 * with its file attached, and answers the message with the card; else says why not (the caller tells).
 */
export async function captureAs(ctx: BotContext, deps: { backend: BotBackend; download: Download }, user: BotUser, source: Message, chat: ChatRef, words: string): Promise<CaptureResult['result']> {
  const input = captureInput(source, words, { id: chat.chatId, username: ctx.chat && 'username' in ctx.chat ? ctx.chat.username : undefined }, chat.threadId, ctx.locale);
  const captured = await deps.backend.capture(user, chat, input);
  if (captured.result !== 'captured') return captured.result;
  await answerWithCard(ctx, deps, user, captured.card, source, chat, !words.trim() && !capturable(source)!.text.trim());
  return 'captured';
}

/**
 * Capture from a team's chat (issue 26): `/issue [words]` — or a mention of the bot — in reply to any
 * message of a linked group (or topic) makes it an issue in the project's Triage, with the message's
 * files attached, and answers the message with the card (its Accept and Decline: issues.ts).
 */
export function captureFeature(backend: BotBackend, download: Download) {
  const composer = new Composer<BotContext>();
  const group = composer.chatType(['group', 'supergroup']);

  async function capture(ctx: BotContext, source: Message | undefined, words: string) {
    const replyTo = { reply_parameters: { message_id: ctx.msg!.message_id, allow_sending_without_reply: true } };
    if (!source) return void (await ctx.reply(t(ctx.locale, 'capture.usage'), replyTo));
    if (!capturable(source)) return void (await ctx.reply(t(ctx.locale, 'capture.cannot'), replyTo));
    await asAccount(ctx, async (user) => {
      const result = await captureAs(ctx, { backend, download }, user, source, groupChatOf(ctx)!, words);
      if (result === 'notMember') await notMemberHere(ctx, user.locale, ctx.locale);
      if (result === 'notLinked') await ctx.reply(t(ctx.locale, 'capture.notLinked'), { reply_parameters: { message_id: source.message_id, allow_sending_without_reply: true } });
    });
  }

  group.command('issue', (ctx) => capture(ctx, ctx.msg.reply_to_message, ctx.match));
  // "@bot" in a reply: the same as /issue, with the reply's other words as the title.
  group.on('message:text').filter(
    (ctx) => !!ctx.msg.reply_to_message && ctx.msg.reply_to_message.from?.id !== ctx.me.id && (ctx.msg.entities ?? []).some((e) => e.type === 'mention' && ctx.msg.text.slice(e.offset, e.offset + e.length).toLowerCase() === `@${ctx.me.username.toLowerCase()}`),
    (ctx) => capture(ctx, ctx.msg.reply_to_message, ctx.msg.text.replace(new RegExp(`@${ctx.me.username}`, 'gi'), '')),
  );
  composer.chatType('private').command('issue', (ctx) => ctx.reply(t(ctx.locale, 'capture.groupOnly')));

  // `/duplicate KEY-12` in reply to the card of an issue in Triage: closed as a duplicate of KEY-12.
  composer.command('duplicate', async (ctx) => {
    const issueId = ctx.msg.reply_to_message?.from?.id === ctx.me.id ? issueOfMessage(ctx.msg.reply_to_message) : null;
    const of = ctx.match.trim();
    if (issueId === null || !of) return void (await ctx.reply(t(ctx.locale, 'triage.duplicateHow')));
    const replyTo = { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } };
    await asAccount(ctx, async (user) => {
      if (groupChatOf(ctx) && !(await backend.shownInGroup(ctx.chat.id, [issueId])).has(issueId)) return void (await ctx.reply(t(ctx.locale, 'membersOnlyIssue'), replyTo));
      const card = await backend.triage(user, issueId, { action: 'duplicate', duplicateOf: of.toUpperCase() });
      await ctx.reply(t(ctx.locale, 'triage.duplicated', { key: card.key, of: of.toUpperCase() }), replyTo);
    });
  });

  return composer;
}
