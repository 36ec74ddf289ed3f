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
  /** `/start join_<token>`: signs the sender in through Telegram (an account is made if needed) and joins the invite's project. */
  joinByInvite(token: string, from: User): Promise<JoinResult>;
}

export type JoinResult =
  | { status: 'joined' | 'member'; project: { key: string; name: string } }
  | { status: 'expired' | 'revoked' | 'usedUp' | 'notFound' | 'blocked' };

const JOIN_PAYLOAD = /^join_([A-Za-z0-9_-]{32})$/;

const LINK_PAYLOAD = /^link_([A-Za-z0-9_-]{20,60})$/;
const CONFIRM_PATH = '/user/telegram-username-confirm';

/** Invites (`t.me/<bot>?start=join_<token>`), one-time account links (`start=link_<token>`) and phone confirmation by shared contact. */
export function accountLinkFeature(publicUrl: string, hooks: AccountHooks) {
  const composer = new Composer();

  // One tap on an invite's deep link: the person is a member, signed in, with nothing typed; the
  // button opens the project in the mini app, where the same Telegram account signs them in.
  composer.command('start', async (ctx, next) => {
    const match = JOIN_PAYLOAD.exec(ctx.match.trim());
    if (!match || !ctx.from || ctx.chat.type !== 'private') return next();
    const locale = localeOf(ctx.from.language_code);
    const joined = await hooks.joinByInvite(match[1]!, ctx.from);
    if (joined.status !== 'joined' && joined.status !== 'member') return void (await ctx.reply(t(locale, `join.${joined.status}`)));
    const url = `${publicUrl}${localizePath(`/projects/${joined.project.key}`, locale)}`;
    const markup = url.startsWith('https://') ? new InlineKeyboard().webApp(t(locale, 'join.open'), url) : new InlineKeyboard().url(t(locale, 'join.open'), url);
    await ctx.reply(t(locale, `join.${joined.status}`, { name: joined.project.name }), { reply_markup: markup });
  });

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

