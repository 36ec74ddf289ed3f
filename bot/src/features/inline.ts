import { Composer } from 'grammy';
import type { BotBackend } from '../backend.ts';
import { cardArticle } from '../keyboards.ts';
import type { BotContext } from '../context.ts';
import { t } from '../i18n.ts';

/** `@bot <query>`: the sender's visible issues matching the text, shared as cards (with the open button only). */
export function inlineFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.on('inline_query', async (ctx) => {
    const user = ctx.account;
    if (!user) {
      await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true, button: { text: t(ctx.locale, 'inline.link'), start_parameter: 'inline' } });
      return;
    }
    const query = ctx.inlineQuery.query.trim();
    const found = query ? await backend.search(user, query) : await backend.myIssues(user);
    // Shared into a group or channel (or a chat Telegram doesn't name), others read it: only what a group may be shown (Telegram does not say which).
    const privately = ctx.inlineQuery.chat_type === 'sender' || ctx.inlineQuery.chat_type === 'private';
    const open = privately ? null : await backend.shownInGroup(null, found.map((c) => c.id));
    const cards = open ? found.filter((c) => open.has(c.id)) : found;
    const results = cards.slice(0, 20).map((card) => cardArticle(card, ctx.locale, ctx.me.username, user.timeZone));
    await ctx.answerInlineQuery(results, { cache_time: 0, is_personal: true });
  });
  return composer;
}
