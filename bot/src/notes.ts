// The answer to a message made an issue (captured in a group, or a note sent to the bot): its file
// attached, and the card — with "transcribing…" under it for a voice or video note, which the
// tracker hears in the background and then edits the card (issue 26, part 4).
import type { Message } from 'grammy/types';
import type { BotBackend, BotUser, ChatRef, IssueCard } from './backend.ts';
import { formatCard } from './cards.ts';
import type { BotContext } from './context.ts';
import { attachFile, fileOf, type Download } from './files.ts';
import { t, type BotKey } from './i18n.ts';
import { cardKeyboard } from './keyboards.ts';

/** The longest note transcribed; a longer one is attached with a note saying why. */
export const VOICE_MAX_SEC = 120;

export async function answerWithCard(
  ctx: BotContext,
  deps: { backend: BotBackend; download: Download },
  user: BotUser,
  card: IssueCard,
  source: Message,
  chat: ChatRef,
  /** The issue's title is a stand-in: a transcript's title replaces it. */
  retitle: boolean,
): Promise<void> {
  const file = fileOf(source);
  const attached = file ? await attachFile(deps.backend, deps.download, user, card.id, file) : null;
  const hear = file?.spokenSec !== undefined && attached !== null && attached !== 'tooBig' && file.spokenSec <= VOICE_MAX_SEC;
  const notes: BotKey[] = [];
  if (attached === 'tooBig') notes.push('attach.tooBig');
  if (file?.spokenSec !== undefined && attached !== 'tooBig' && !hear) notes.push('voice.tooLong');
  if (hear) notes.push('voice.transcribing');
  const text = [formatCard(card, ctx.locale, user.timeZone), ...notes.map((key) => t(ctx.locale, key))].join('\n\n');
  const sent = await ctx.api.sendMessage(chat.chatId, text, {
    ...(chat.threadId ? { message_thread_id: chat.threadId } : {}),
    reply_parameters: { message_id: source.message_id, allow_sending_without_reply: true },
    parse_mode: 'HTML',
    reply_markup: cardKeyboard(card, ctx.locale, ctx.me.username),
  });
  if (hear && typeof attached === 'object' && attached) {
    await deps.backend.transcribe(user, { issueId: card.id, attachmentId: attached.attachmentId, telegramId: ctx.from!.id, chatId: chat.chatId, messageId: sent.message_id, locale: ctx.locale, retitle });
  }
}
