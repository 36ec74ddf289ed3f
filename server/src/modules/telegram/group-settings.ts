// A team group's settings, set with /settings by its administrators (the bot checks who asks).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GroupSettings } from '@tracker/bot';
import { deleteChatMessages, deleteOldMessages, insertRecentMessage, selectGroupSettings, selectRecentMessage, upsertGroupSettings } from './group-settings.repository.ts';

export async function groupSettings(em: EntityManager, chatId: number): Promise<GroupSettings> {
  const row = await selectGroupSettings(em, chatId);
  return { captureReactions: row.capture_reactions, standupTime: row.standup_time?.slice(0, 5) ?? null, timeZone: row.standup_time_zone };
}

/** Turning capture by reaction off drops the messages kept for it. */
export async function updateGroupSettings(em: EntityManager, chatId: number, patch: Partial<GroupSettings>): Promise<GroupSettings> {
  const next = { ...(await groupSettings(em, chatId)), ...patch };
  await em.transactional(async (tem) => {
    await upsertGroupSettings(tem, chatId, { capture_reactions: next.captureReactions, standup_time: next.standupTime, standup_time_zone: next.timeZone });
    if (!next.captureReactions) await deleteChatMessages(tem, chatId);
  });
  return next;
}

/** A group message, kept two days for a ✍ reaction to capture — only where capture by reaction is on. */
export async function rememberMessage(em: EntityManager, chatId: number, messageId: number, message: unknown): Promise<void> {
  if (messageId % 100 === 0) await deleteOldMessages(em);
  await insertRecentMessage(em, chatId, messageId, message);
}

export const recentMessage = (em: EntityManager, chatId: number, messageId: number): Promise<unknown | null> => selectRecentMessage(em, chatId, messageId);
