import { Composer } from 'grammy';
import type { BotBackend } from '../backend.ts';
import { groupChatOf, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';
import { formatStandup } from '../standup.ts';
import { isGroupAdmin } from './groups.ts';

const TIME = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/;

/**
 * `/standup` in a linked group (or topic) posts its daily summary now, for everyone there to read.
 * `/standup HH:MM` and `/standup off`, by the group's administrators, set its daily time (in the
 * sender's time zone) or turn it off — as the button in /settings does.
 */
export function standupFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.chatType('private').command('standup', (ctx) => ctx.reply(t(ctx.locale, 'settings.groupOnly')));
  composer.chatType(['group', 'supergroup']).command('standup', async (ctx) => {
    const arg = ctx.match.trim().toLowerCase();
    if (!arg) {
      const standup = await backend.standup(groupChatOf(ctx)!);
      if (!standup) return void (await ctx.reply(t(ctx.locale, 'standup.notLinked')));
      return void (await ctx.reply(formatStandup(ctx.locale, ctx.me.username, standup), { parse_mode: 'HTML', link_preview_options: { is_disabled: true } }));
    }
    const time = TIME.exec(arg);
    if (!time && arg !== 'off') return void (await ctx.reply(t(ctx.locale, 'standup.usage')));
    if (!(await isGroupAdmin(ctx))) return void (await ctx.reply(t(ctx.locale, 'link.adminsOnly')));
    const current = await backend.groupSettings(ctx.chat.id);
    const standupTime = time ? `${time[1]!.padStart(2, '0')}:${time[2]}` : null;
    const after = await backend.updateGroupSettings(ctx.chat.id, { standupTime, timeZone: ctx.account?.timeZone ?? current.timeZone });
    await ctx.reply(after.standupTime ? t(ctx.locale, 'standup.set', { time: after.standupTime, timeZone: after.timeZone }) : t(ctx.locale, 'standup.off'));
  });
  return composer;
}
