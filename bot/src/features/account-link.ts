import { Composer, InlineKeyboard } from 'grammy';
import type { User } from 'grammy/types';
import { localizePath } from '@tracker/shared/routes';
import { localeOf, t } from '../i18n.ts';

/** What the server does for the bot (the bot itself has no database). */
export interface AccountHooks {
  /** `/start link_<token>`: links the sender's Telegram account to the token's user. */
  linkAccount(token: string, from: User): Promise<'confirmed' | 'expired' | 'conflict' | 'pending'>;
  /** A contact the sender shared about themself. */
  confirmPhone(telegramId: number, phone: string): Promise<'confirmed' | 'not_linked' | 'invalid'>;
}

const LINK_PAYLOAD = /^link_([A-Za-z0-9_-]{20,60})$/;
const CONFIRM_PATH = '/user/telegram-username-confirm';

/** One-time account links (`t.me/<bot>?start=link_<token>`) and phone confirmation by shared contact. */
export function accountLinkFeature(publicUrl: string, hooks: AccountHooks) {
  const composer = new Composer();

  composer.command('start', async (ctx, next) => {
    const match = LINK_PAYLOAD.exec(ctx.match.trim());
    if (!match || !ctx.from) return next();
    const locale = localeOf(ctx.from.language_code);
    const status = await hooks.linkAccount(match[1]!, ctx.from);
    const key = status === 'confirmed' ? 'linkConfirmed' : status === 'conflict' ? 'linkConflict' : 'linkExpired';
    const url = `${publicUrl}${localizePath(CONFIRM_PATH, locale)}?token=${encodeURIComponent(match[1]!)}`;
    const markup = url.startsWith('https://') && ctx.chat.type === 'private' ? new InlineKeyboard().webApp(t(locale, 'open'), url) : new InlineKeyboard().url(t(locale, 'open'), url);
    await ctx.reply(t(locale, key, { username: ctx.from.username ? `@${ctx.from.username}` : ctx.from.first_name }), { reply_markup: markup });
  });

  composer.on('message:contact', async (ctx) => {
    const locale = localeOf(ctx.from.language_code);
    const contact = ctx.message.contact;
    // Only the sender's own contact proves the number: anyone can forward someone else's card.
    if (contact.user_id !== ctx.from.id) {
      await ctx.reply(t(locale, 'phoneNotOwn'));
      return;
    }
    const result = await hooks.confirmPhone(ctx.from.id, contact.phone_number);
    const key = result === 'confirmed' ? 'phoneConfirmed' : result === 'not_linked' ? 'phoneNotLinked' : 'phoneInvalid';
    await ctx.reply(t(locale, key), { reply_markup: { remove_keyboard: true } });
  });

  return composer;
}

