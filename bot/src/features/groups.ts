import { Composer } from 'grammy';
import type { BotBackend } from '../backend.ts';
import { asAccount, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';

/**
 * `/link <PROJECT-KEY>` or `/link stream_<id>` in a group binds the group — or the forum topic the
 * command was sent in — to a project or stream: new issues and status changes are posted there.
 */
export function groupsFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.command('link', async (ctx) => {
    if (ctx.chat.type === 'private') return void (await ctx.reply(t(ctx.locale, 'link.groupOnly')));
    const target = ctx.match.trim();
    if (!/^([A-Za-z]{2,10}|stream_\d+)$/.test(target)) return void (await ctx.reply(t(ctx.locale, 'link.usage')));
    await asAccount(ctx, async (user) => {
      const threadId = ctx.message?.is_topic_message ? (ctx.message.message_thread_id ?? 0) : 0;
      const linked = await backend.linkChat(user, { chatId: ctx.chat.id, threadId }, target);
      await ctx.reply(t(ctx.locale, linked.kind === 'project' ? 'link.project' : 'link.stream', { name: linked.name }));
    });
  });
  return composer;
}
