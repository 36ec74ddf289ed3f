import type { ConversationFlavor } from '@grammyjs/conversations';
import { GrammyError, type Context, type MiddlewareFn } from 'grammy';
import type { InlineKeyboard } from 'grammy';
import { DomainError, type DomainErrorKind } from '@tracker/shared/domain-errors';
import type { Locale } from '@tracker/shared/locales';
import type { BotBackend, BotUser, ChatRef, TelegramIdentity } from './backend.ts';
import { t, type BotKey } from './i18n.ts';
import { openButton } from './keyboards.ts';

export interface AccountFlavor {
  /** The tracker account linked to the sender, or null. */
  account: BotUser | null;
  locale: Locale;
  /** The button that opens Tracker, as this chat allows it. */
  openButton(): InlineKeyboard;
}

export type BotContext = ConversationFlavor<Context & AccountFlavor>;

export const identityOf = (ctx: Context): TelegramIdentity | null =>
  ctx.from ? { id: ctx.from.id, username: ctx.from.username, languageCode: ctx.from.language_code } : null;

/** The group chat — or its forum topic — the update is from; null in a private chat or without one. */
export function groupChatOf(ctx: Context): ChatRef | null {
  if (!ctx.chat || ctx.chat.type === 'private') return null;
  const msg = ctx.msg;
  return { chatId: ctx.chat.id, threadId: msg?.is_topic_message ? (msg.message_thread_id ?? 0) : 0, title: ctx.chat.title };
}

/** Looks the sender up once per update (one query), so every feature knows who acts and in which language. */
export function identify(backend: BotBackend, publicUrl: string): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const tg = identityOf(ctx);
    const found = tg ? await backend.identify(tg, groupChatOf(ctx)?.chatId) : { user: null, locale: 'ru' as const };
    ctx.account = found.user;
    ctx.locale = found.locale;
    ctx.openButton = () => openButton(ctx.locale, publicUrl, ctx.chat?.type === 'private', ctx.me.username);
    await next();
  };
}

/** Runs an action as the linked account; a refusal (or no linked account) becomes a short answer instead of an error. */
export async function asAccount(ctx: BotContext, action: (user: BotUser) => Promise<void>): Promise<void> {
  if (!ctx.account) {
    await answer(ctx, t(ctx.locale, 'notLinked'));
    return;
  }
  try {
    await action(ctx.account);
  } catch (err) {
    const key = refusalKey(err);
    if (!key) throw err;
    await answer(ctx, t(ctx.locale, key));
  }
}

/** The one mapping of domain error kinds to bot texts (the HTTP one is in server/src/http/errors.ts). */
export const REFUSAL_TEXT: Record<DomainErrorKind, BotKey> = {
  not_found: 'notFound',
  forbidden: 'forbidden',
  unauthorized: 'notLinked',
  invalid: 'invalid',
  conflict: 'conflict',
  rate_limited: 'rateLimited',
};

/** The bot text for a refusal (a domain error), or null for a failure, which propagates. */
export function refusalKey(err: unknown): BotKey | null {
  return err instanceof DomainError ? REFUSAL_TEXT[err.kind] : null;
}

async function answer(ctx: BotContext, text: string) {
  if (ctx.callbackQuery) await answerQuery(ctx, { text, show_alert: true });
  else if (ctx.inlineQuery) await ctx.answerInlineQuery([], { cache_time: 0 });
  else await ctx.reply(text, ctx.account ? {} : { reply_markup: ctx.openButton() });
}

const refusedAs = (err: unknown, description: string) => err instanceof GrammyError && err.error_code === 400 && err.description.includes(description);

/**
 * Answers the callback query. Telegram refuses an answer after its deadline (a slow update, a
 * redelivery): the action is done and the message redrawn by then, so that refusal is no failure.
 */
export async function answerQuery(ctx: Context, other?: { text?: string; show_alert?: boolean; url?: string }): Promise<void> {
  try {
    await ctx.answerCallbackQuery(other);
  } catch (err) {
    if (!refusedAs(err, 'query is too old')) throw err;
  }
}

/** Redraws the message the button is on; false when it already showed exactly that (Telegram refuses such an edit). */
export async function redrawMessage(ctx: Context, edit: () => Promise<unknown>): Promise<boolean> {
  try {
    await edit();
    return true;
  } catch (err) {
    if (refusedAs(err, 'message is not modified')) return false;
    throw err;
  }
}
