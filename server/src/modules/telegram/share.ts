// "Share to chat" from the mini app (issue 26): the issue's card, stored with Bot API 8.0's
// savePreparedInlineMessage for the person, which the mini app hands to Telegram's `shareMessage`
// dialog. Only a card a group may be shown (a project open to everyone) can go to groups and channels.
import type { EntityManager } from '@mikro-orm/postgresql';
import { cardArticle, type BotContext } from '@tracker/bot';
import { conflict, notFound } from '@tracker/shared/domain-errors';
import type { Bot } from 'grammy';
import { cardsByIds } from '../issues/cards.repository.ts';
import { requireIssue } from '../issues/issue-access.ts';
import { issuesShownInGroup } from './group-links.ts';
import { accountByTelegramId, telegramIdOf } from './identity.ts';

export async function prepareShare(em: EntityManager, bot: Bot<BotContext> | null, viewer: { id: number; roles: string[] }, ref: number | string): Promise<{ id: string }> {
  const telegramId = await telegramIdOf(em, viewer.id);
  const account = telegramId === null ? null : await accountByTelegramId(em, telegramId);
  if (!account || telegramId === null) throw conflict('telegram_not_linked');
  const { issue } = await requireIssue(em, viewer, ref, 'project.view');
  const [card] = await cardsByIds(em, viewer, [issue.id]);
  if (!card) throw notFound('issue');
  if (!bot) throw conflict('telegram_not_configured');
  const open = (await issuesShownInGroup(em, null, [card.id])).has(card.id);
  await bot.init();
  const prepared = await bot.api.savePreparedInlineMessage(telegramId, cardArticle(card, account.locale, bot.botInfo.username, account.timeZone), {
    allow_user_chats: true,
    allow_bot_chats: true,
    allow_group_chats: open,
    allow_channel_chats: open,
  });
  return { id: prepared.id };
}
