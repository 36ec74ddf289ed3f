import { Composer, InlineKeyboard } from 'grammy';
import { localizePath } from '@tracker/shared/routes';
import type { Locale } from '@tracker/shared/locales';
import type { BotContext } from '../context.ts';
import { t } from '../i18n.ts';

/**
 * `/start <payload>` handlers by payload prefix (`issue_` → "issue_42" gets "42"). Features and
 * other modules register theirs (the account-linking `link_<token>` payload, for one) through
 * `createBot({ startPayloads })`; a payload nobody claims falls back to the greeting.
 */
export type StartPayloadHandler = (ctx: BotContext, rest: string) => Promise<void>;
export type StartPayloads = Record<string, StartPayloadHandler>;

/** `/start` and `/help`: a greeting and the button that opens the mini app (web_app needs https). */
export function startFeature(publicUrl: string, payloads: StartPayloads = {}) {
  const composer = new Composer<BotContext>();
  const openButton = (locale: Locale) => {
    const url = publicUrl + localizePath('/', locale);
    return url.startsWith('https://') ? new InlineKeyboard().webApp(t(locale, 'open'), url) : new InlineKeyboard().url(t(locale, 'open'), url);
  };

  composer.command('start', async (ctx) => {
    const payload = ctx.match.trim();
    const prefix = payload && Object.keys(payloads).find((p) => payload.startsWith(p));
    if (prefix) return payloads[prefix]!(ctx, payload.slice(prefix.length));
    const greeting = t(ctx.locale, 'welcome', { name: ctx.from?.first_name ?? '' });
    const text = ctx.account || ctx.chat.type !== 'private' ? greeting : `${greeting}\n\n${t(ctx.locale, 'linkHint')}`;
    await ctx.reply(text, { reply_markup: openButton(ctx.locale) });
  });

  composer.command('help', async (ctx) => {
    await ctx.reply(t(ctx.locale, 'help', { bot: ctx.me.username }));
  });

  return composer;
}
