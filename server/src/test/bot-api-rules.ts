// What the Bot API refuses, with Telegram's own descriptions, and the state it keeps to know: the
// messages the bot sent (to refuse an edit that changes nothing), the callback queries answered, and
// the chats that blocked the bot. Chat ids below zero are groups, as in Telegram.
import { parseTelegramHtml } from './telegram-html.ts';

export interface Refusal {
  code: number;
  description: string;
  parameters?: { retry_after: number };
}

interface Stored {
  text: string;
  markup: string;
}

const MESSAGE_MAX = 4096;
const CALLBACK_DATA_MAX = 64;
const bad = (description: string): Refusal => ({ code: 400, description: `Bad Request: ${description}` });
type Unreachable = 'blocked' | 'deactivated' | 'notStarted';
const UNREACHABLE: Record<Unreachable, string> = {
  blocked: 'Forbidden: bot was blocked by the user',
  deactivated: 'Forbidden: user is deactivated',
  notStarted: "Forbidden: bot can't initiate conversation with a user",
};
const SENDS = new Set(['sendMessage', 'sendPhoto', 'sendDocument', 'copyMessage', 'forwardMessage', 'sendChatAction', 'setMessageReaction']);
const EDITS = new Set(['editMessageText', 'editMessageReplyMarkup', 'editMessageCaption']);

export class BotApiRules {
  private messages = new Map<string, Stored>();
  private answered = new Set<string>();
  private stale = new Set<string>();
  private unreachable = new Map<number, Unreachable>();
  private nextId = 100;

  /** Sends to this chat are refused with 403 until `unblock` (`notStarted`: the person never started the bot). */
  block(chatId: number, how: Unreachable = 'blocked') {
    this.unreachable.set(chatId, how);
  }
  unblock(chatId: number) {
    this.unreachable.delete(chatId);
  }
  /** This callback query is older than Telegram keeps: answering it is refused. */
  expire(queryId: string) {
    this.stale.add(queryId);
  }
  /** The text as Telegram shows it (HTML decoded), of a message the bot sent or edited. */
  shown(chatId: number, messageId: number): string | undefined {
    return this.messages.get(`${chatId}:${messageId}`)?.text;
  }

  check(method: string, p: Record<string, any>): Refusal | null {
    const chatId = Number(p.chat_id);
    if ((SENDS.has(method) || EDITS.has(method)) && this.unreachable.has(chatId)) {
      return { code: 403, description: UNREACHABLE[this.unreachable.get(chatId)!] };
    }
    if (method === 'answerCallbackQuery') {
      if (this.answered.has(p.callback_query_id) || this.stale.has(p.callback_query_id)) return bad('query is too old and response timeout expired or query ID is invalid');
      if (p.text && String(p.text).length > 200) return bad('MESSAGE_TOO_LONG');
      this.answered.add(p.callback_query_id);
      return null;
    }
    const text = method === 'sendMessage' || method === 'editMessageText' ? this.textRefusal(p.text, p.parse_mode) : p.caption ? this.textRefusal(p.caption, p.parse_mode, 1024) : null;
    if (text) return text;
    const markup = this.markupRefusal(p.reply_markup, chatId);
    if (markup) return markup;
    if (method === 'pinChatMessage' && !this.messages.has(`${chatId}:${p.message_id}`)) return bad('message to pin not found');
    if (method === 'savePreparedInlineMessage') return this.preparedRefusal(p);
    if (EDITS.has(method) && p.message_id !== undefined) {
      const before = this.messages.get(`${chatId}:${p.message_id}`);
      const after = this.edited(method, p, before);
      if (before && before.text === after.text && before.markup === after.markup) {
        return bad('message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message');
      }
    }
    return null;
  }

  /** Bot API 8.0: a message a user may send from a Mini App — for a person, and a result it could send inline. */
  private preparedRefusal(p: Record<string, any>): Refusal | null {
    if (!(Number(p.user_id) > 0)) return bad('USER_ID_INVALID');
    const result = p.result;
    if (!result || typeof result !== 'object' || !result.type || !result.id) return bad('RESULT_ID_INVALID');
    if (!p.allow_user_chats && !p.allow_bot_chats && !p.allow_group_chats && !p.allow_channel_chats) return bad('PEER_TYPES_INVALID');
    const content = result.input_message_content;
    if (result.type === 'article' && !content) return bad('MESSAGE_EMPTY');
    if (content) {
      const text = this.textRefusal(content.message_text, content.parse_mode);
      if (text) return text;
    }
    return this.markupRefusal(result.reply_markup, -1);
  }

  /** The call's result, once accepted; it records what the chat now shows. */
  apply(method: string, p: Record<string, any>): unknown {
    const chatId = Number(p.chat_id);
    const chat = { id: chatId, type: chatId < 0 ? 'supergroup' : 'private' };
    const date = Math.floor(Date.now() / 1000);
    if (method === 'sendMessage' || method === 'sendPhoto' || method === 'sendDocument') {
      const messageId = ++this.nextId;
      const shown = this.render(p.text ?? p.caption ?? '', p.parse_mode);
      this.messages.set(`${chatId}:${messageId}`, { text: shown, markup: JSON.stringify(p.reply_markup ?? null) });
      return { message_id: messageId, date, chat, text: shown };
    }
    if (method === 'savePreparedInlineMessage') return { id: `prepared${++this.nextId}`, expiration_date: date + 86_400 };
    if (EDITS.has(method) && p.message_id !== undefined) {
      const key = `${chatId}:${p.message_id}`;
      const next = this.edited(method, p, this.messages.get(key));
      this.messages.set(key, next);
      return { message_id: p.message_id, date, chat, text: next.text };
    }
    return true;
  }

  private edited(method: string, p: Record<string, any>, before: Stored | undefined): Stored {
    const markup = JSON.stringify(p.reply_markup ?? null);
    if (method === 'editMessageReplyMarkup') return { text: before?.text ?? '', markup };
    return { text: this.render(p.text ?? p.caption ?? '', p.parse_mode), markup };
  }

  private render(text: string, parseMode: string | undefined): string {
    if (parseMode !== 'HTML') return text;
    const parsed = parseTelegramHtml(text);
    return parsed.ok ? parsed.text : text;
  }

  private textRefusal(text: unknown, parseMode: unknown, max = MESSAGE_MAX): Refusal | null {
    if (typeof text !== 'string') return bad('message text is empty');
    let shown = text;
    if (parseMode === 'HTML') {
      const parsed = parseTelegramHtml(text);
      if (!parsed.ok) return bad(`can't parse entities: ${parsed.error}`);
      shown = parsed.text;
    } else if (parseMode !== undefined) {
      return bad(`unsupported parse_mode ${String(parseMode)} in this peer`);
    }
    if (!shown.trim()) return bad('message text is empty');
    if ([...shown].length > max) return bad('message is too long');
    return null;
  }

  private markupRefusal(markup: any, chatId: number): Refusal | null {
    if (!markup) return null;
    const rows: any[][] | undefined = markup.inline_keyboard ?? markup.keyboard;
    if (!rows) return null;
    for (const row of rows) {
      for (const button of row) {
        if (!button.text) return bad('BUTTON_TEXT_INVALID');
        if (button.web_app && chatId < 0) return bad('BUTTON_TYPE_INVALID');
        if (button.callback_data !== undefined) {
          const bytes = Buffer.byteLength(String(button.callback_data));
          if (bytes < 1 || bytes > CALLBACK_DATA_MAX) return bad('BUTTON_DATA_INVALID');
        }
        if (button.url !== undefined && !/^(https?|tg):\/\//.test(button.url)) return bad('BUTTON_URL_INVALID');
      }
    }
    return null;
  }
}
