import { Composer } from 'grammy';
import type { BotBackend } from '../backend.ts';
import { asAccount, groupChatOf, type BotContext } from '../context.ts';
import { cycleKeyboard, formatCycle, formatCycles } from '../cycle.ts';
import { t } from '../i18n.ts';

const html = { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true } };

/**
 * `/cycle` (issue 29): in a private chat, the current cycles of the person's projects; in a group (or
 * topic) linked to a project, that project's current cycle for everyone there — only when the group
 * may be shown the project (the group rule), as `/standup` does, so it needs no linked account.
 */
export function cycleFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.chatType('private').command('cycle', (ctx) =>
    asAccount(ctx, async (user) => {
      const cycles = await backend.currentCycles(user);
      if (!cycles.length) return void (await ctx.reply(t(ctx.locale, 'cycle.none')));
      await ctx.reply(formatCycles(ctx.locale, cycles), { ...html, reply_markup: cycleKeyboard(ctx.locale, ctx.me.username, cycles) });
    }),
  );
  composer.chatType(['group', 'supergroup']).command('cycle', async (ctx) => {
    const found = await backend.groupCycle(groupChatOf(ctx)!);
    const replyTo = { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } };
    if (found.result === 'cycle') return void (await ctx.reply(formatCycle(ctx.locale, found.cycle), { ...html, ...replyTo, reply_markup: cycleKeyboard(ctx.locale, ctx.me.username, [found.cycle]) }));
    const text = found.result === 'noCycle' ? t(ctx.locale, 'cycle.noneInGroup', { project: found.projectName }) : t(ctx.locale, found.result === 'notLinked' ? 'cycle.notLinked' : 'cycle.membersOnly');
    await ctx.reply(text, replyTo);
  });
  return composer;
}
