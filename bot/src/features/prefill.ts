// What `/new` starts from besides nothing: a message replied to or forwarded (its text, its photo or
// file, a link back to it), or a one-line `/new <text>` read by the shared quick-add parser.
import type { Message } from 'grammy/types';
import type { Locale } from '@tracker/shared/locales';
import { fileOf, type TelegramFile } from '../files.ts';
import { t } from '../i18n.ts';

export interface Prefill {
  title: string;
  description: string;
  /** The chat and message to answer with the created issue. */
  replyTo: { chatId: number; messageId: number } | null;
  /** The message's photo or file, attached to the created issue. */
  file?: TelegramFile | null;
  /** Forwarded to the bot: the issue lands in the project's Triage, where the project has one. */
  forwarded?: boolean;
  /** A one-line `/new`: the line, parsed in the dialogue (the project is the only thing asked, and only when unknown). */
  quickLine?: string;
}

export const TITLE_MAX = 300;

/**
 * A message as an issue: the first line of its text (or caption) is the title, the whole text and
 * its source the description, its photo or file an attachment. A photo or file without text gives
 * no title, which the dialogue then asks for. Null when there is neither text nor file.
 */
export function prefillFrom(message: Message, locale: Locale): Prefill | null {
  const text = (message.text ?? message.caption ?? '').trim();
  const file = fileOf(message);
  const replyTo = { chatId: message.chat.id, messageId: message.message_id };
  const forwarded = !!message.forward_origin;
  if (!text) return file ? { title: '', description: '', replyTo, file, forwarded } : null;
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
  return { title, description, replyTo, file, forwarded };
}
