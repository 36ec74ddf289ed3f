import { Composer } from 'grammy';
import type { BotBackend } from '../backend.ts';
import { asAccount, groupChatOf, type BotContext } from '../context.ts';
import { t, type BotKey } from '../i18n.ts';

/**
 * True when the sender administers the group (Telegram's creator or administrators), or posts as the
 * group itself, which only its administrators can.
 */
export async function isGroupAdmin(ctx: BotContext): Promise<boolean> {
  if (!ctx.chat || !ctx.from) return false;
  if (ctx.message?.sender_chat?.id === ctx.chat.id) return true;
  const member = await ctx.getChatMember(ctx.from.id);
  return member.status === 'creator' || member.status === 'administrator';
}

const LINKED: Record<'linked' | 'already', Record<'project' | 'stream', BotKey>> = {
  linked: { project: 'link.project', stream: 'link.stream' },
  already: { project: 'link.alreadyProject', stream: 'link.alreadyStream' },
};

/**
 * `/link <PROJECT-KEY>` or `/link stream_<id>` in a group binds the group — or the forum topic the
 * command was sent in — to a project or stream: new issues and status changes are posted there.
 * `/unlink` undoes it. Both are for the group's administrators only.
 */
export function groupsFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  const group = composer.chatType(['group', 'supergroup']);
  composer.chatType('private').command(['link', 'unlink'], (ctx) => ctx.reply(t(ctx.locale, 'link.groupOnly')));

  group.command(['link', 'unlink'], async (ctx, next) => {
    if (await isGroupAdmin(ctx)) return next();
    await ctx.reply(t(ctx.locale, 'link.adminsOnly'));
  });
  group.command('link', async (ctx) => {
    const target = ctx.match.trim();
    if (!/^([A-Za-z]{2,10}|stream_\d+)$/.test(target)) return void (await ctx.reply(t(ctx.locale, 'link.usage')));
    await asAccount(ctx, async (user) => {
      const linked = await backend.linkChat(user, groupChatOf(ctx)!, target);
      await ctx.reply(t(ctx.locale, linked.result === 'membersOnly' ? 'link.membersOnly' : LINKED[linked.result][linked.kind], linked.result === 'membersOnly' ? {} : { name: linked.name }));
    });
  });
  group.command('unlink', async (ctx) => {
    const removed = await backend.unlinkChat(groupChatOf(ctx)!);
    await ctx.reply(t(ctx.locale, removed ? 'link.unlinked' : 'link.notLinked'));
  });
  return composer;
}
