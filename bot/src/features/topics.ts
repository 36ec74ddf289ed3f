import { Composer } from 'grammy';
import type { BotBackend } from '../backend.ts';
import { asAccount, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';
import { announce, isGroupAdmin } from './groups.ts';

/** Telegram's limit on a topic's name. */
const TOPIC_NAME_MAX = 128;

/**
 * `/topics` in a forum supergroup, by an administrator: each project the group's general link posts
 * (its project, or its stream's projects) that the sender owns gets a topic of its own
 * (`createForumTopic`), linked to it: its posts go there, and `/new` there creates in it. The bot
 * needs the right to manage topics, and says so rather than trying without it.
 */
export function topicsFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.chatType('group').command('topics', (ctx) => ctx.reply(t(ctx.locale, 'topics.notForum')));
  composer.chatType('supergroup').command('topics', async (ctx) => {
    if (!ctx.chat.is_forum) return void (await ctx.reply(t(ctx.locale, 'topics.notForum')));
    if (!(await isGroupAdmin(ctx))) return void (await ctx.reply(t(ctx.locale, 'link.adminsOnly')));
    const rights = await ctx.api.getChatMember(ctx.chat.id, ctx.me.id);
    if (rights.status !== 'creator' && !(rights.status === 'administrator' && rights.can_manage_topics)) {
      return void (await ctx.reply(t(ctx.locale, 'topics.needRights')));
    }
    await asAccount(ctx, async (user) => {
      const plan = await backend.topicPlan(user, ctx.chat.id);
      if (!plan.projects.length) return void (await ctx.reply(t(ctx.locale, plan.notOwned ? 'topics.ownersOnly' : 'topics.none')));
      const names: string[] = [];
      for (const project of plan.projects) {
        const topic = await ctx.api.createForumTopic(ctx.chat.id, project.name.slice(0, TOPIC_NAME_MAX));
        const chat = { chatId: ctx.chat.id, threadId: topic.message_thread_id, title: ctx.chat.title };
        await announce(ctx.api, chat, ctx.locale, ctx.me, await backend.linkTopic(user, chat, project.id));
        names.push(`«${project.name}»`);
      }
      const skipped = plan.notOwned ? `\n${t(ctx.locale, 'topics.skipped', { count: plan.notOwned })}` : '';
      await ctx.reply(t(ctx.locale, 'topics.created', { count: names.length, names: names.join(', ') }) + skipped);
    });
  });
  return composer;
}
