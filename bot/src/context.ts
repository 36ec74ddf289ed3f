import type { ConversationFlavor } from '@grammyjs/conversations';
import type { Context, MiddlewareFn } from 'grammy';
import type { Locale } from '@tracker/shared/locales';
import { BotActionError, type BotBackend, type BotUser, type TelegramIdentity } from './backend.ts';
import { t } from './i18n.ts';

export interface AccountFlavor {
  /** The tracker account linked to the sender, or null. */
  account: BotUser | null;
  locale: Locale;
}

export type BotContext = ConversationFlavor<Context & AccountFlavor>;

export const identityOf = (ctx: Context): TelegramIdentity | null =>
  ctx.from ? { id: ctx.from.id, username: ctx.from.username, languageCode: ctx.from.language_code } : null;

/** Looks the sender up once per update (one query), so every feature knows who acts and in which language. */
export function identify(backend: BotBackend): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const tg = identityOf(ctx);
    const found = tg ? await backend.identify(tg) : { user: null, locale: 'ru' as const };
    ctx.account = found.user;
    ctx.locale = found.locale;
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

/** The bot text for an expected refusal: our own, or the server's 400/403/404. */
export function refusalKey(err: unknown): 'notFound' | 'forbidden' | 'invalid' | null {
  if (err instanceof BotActionError) return err.key;
  const status = (err as { status?: unknown })?.status;
  if (status === 404) return 'notFound';
  if (status === 403) return 'forbidden';
  if (status === 400 || status === 409 || status === 422) return 'invalid';
  return null;
}

async function answer(ctx: Context, text: string) {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
  else if (ctx.inlineQuery) await ctx.answerInlineQuery([], { cache_time: 0 });
  else await ctx.reply(text);
}
