import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import { t } from '../i18n.ts';
import { setChatMenu } from '../setup.ts';

/**
 * `/start <payload>` handlers by payload prefix (`issue_` → "issue_42" gets "42"). Features and
 * other modules register theirs (the account-linking `link_<token>` payload, for one) through
 * `createBot({ startPayloads })`; a payload nobody claims falls back to the greeting.
 */
export type StartPayloadHandler = (ctx: BotContext, rest: string) => Promise<void>;
export type StartPayloads = Record<string, StartPayloadHandler>;

/** `/start` and `/help`: a greeting with the button that opens the mini app; the private chat's menu button in the person's language. */
export function startFeature(publicUrl: string, payloads: StartPayloads = {}) {
  const composer = new Composer<BotContext>();

  composer.command('start', async (ctx) => {
    if (ctx.chat.type === 'private') await setChatMenu(ctx.api, ctx.chat.id, publicUrl, ctx.locale);
    const payload = ctx.match.trim();
    const prefix = payload && Object.keys(payloads).find((p) => payload.startsWith(p));
    if (prefix) return payloads[prefix]!(ctx, payload.slice(prefix.length));
    const greeting = t(ctx.locale, 'welcome', { name: ctx.from?.first_name ?? '' });
    const text = ctx.account || ctx.chat.type !== 'private' ? greeting : `${greeting}\n\n${t(ctx.locale, 'linkHint')}`;
    await ctx.reply(text, { reply_markup: ctx.openButton() });
  });

  composer.command('help', async (ctx) => {
    await ctx.reply(t(ctx.locale, 'help', { bot: ctx.me.username }));
  });

  return composer;
}
