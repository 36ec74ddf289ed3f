// What the bot's backend reads and writes beside the services (backend.ts): its own rows (updates
// seen, conversations, a chat's language), and the hints and ids its buttons need. Typed queries
// (db/kysely.ts). The account's own columns are the users module's (profile.repository.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** The project's labels, for a quick add's `#labels`. */
export const projectLabelNames = (em: EntityManager, projectId: number) => kysely(em).selectFrom('labels').select(['id', 'name']).where('project_id', '=', projectId).execute();

/** The language chosen in the private chat with the bot, if any. */
export async function chatLocale(em: EntityManager, telegramId: number): Promise<string | null> {
  const row = await kysely(em).selectFrom('bot_chat_prefs').select('locale').where('telegram_id', '=', String(telegramId)).executeTakeFirst();
  return row?.locale ?? null;
}

/** The language chosen in the private chat with the bot. */
export async function setChatLocale(em: EntityManager, telegramId: number, locale: string): Promise<void> {
  await kysely(em)
    .insertInto('bot_chat_prefs')
    .values({ telegram_id: telegramId, locale })
    .onConflict((oc) => oc.column('telegram_id').doUpdateSet({ locale: (eb) => eb.ref('excluded.locale') }))
    .execute();
}

/** A project's statuses in their order. */
export const projectStatuses = (em: EntityManager, projectId: number) =>
  kysely(em).selectFrom('statuses').select(['id', 'name']).where('project_id', '=', projectId).orderBy('position').orderBy('id').execute();

/** The first status of a category in a project, if it has one. */
export async function firstStatusOf(em: EntityManager, projectId: number, category: string): Promise<number | null> {
  const row = await kysely(em).selectFrom('statuses').select('id').where('project_id', '=', projectId).where('category', '=', category).orderBy('position').orderBy('id').limit(1).executeTakeFirst();
  return row?.id ?? null;
}

/** The newest activity of an issue so far (0 for none): what a change adds comes after it. */
export async function lastActivityId(em: EntityManager, issueId: number): Promise<string> {
  const row = await kysely(em)
    .selectFrom('activities')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), sql<string>`0`).as('last'))
    .where('issue_id', '=', issueId)
    .executeTakeFirstOrThrow();
  return String(row.last);
}

/** The group a status change was made in, for its activities after `after` (the notification skips that group). */
export async function recordStatusChangeOrigin(em: EntityManager, issueId: number, after: string, chatId: number): Promise<void> {
  await kysely(em)
    .insertInto('telegram_activity_origins')
    .columns(['activity_id', 'chat_id'])
    .expression((eb) =>
      eb
        .selectFrom('activities')
        .select(['id', sql<string>`${String(chatId)}::bigint`.as('chat_id')])
        .where('issue_id', '=', issueId)
        .where('field', '=', 'statusId')
        .where('id', '>', after),
    )
    .execute();
}

/** The project the chat's topic (or the whole group) is linked to, and the one the user last filed in. */
export async function projectHints(em: EntityManager, userId: number, chat: { chatId: number; threadId: number } | null): Promise<{ linked: number | null; lastUsed: number | null }> {
  const db = kysely(em);
  const [linked, last] = await Promise.all([
    chat
      ? db
          .selectFrom('telegram_chat_links')
          .select('project_id')
          .where('chat_id', '=', String(chat.chatId))
          .where('thread_id', 'in', [chat.threadId, 0])
          .where('project_id', 'is not', null)
          .orderBy('thread_id', 'desc')
          .limit(1)
          .executeTakeFirst()
      : undefined,
    db.selectFrom('issues').select('project_id').where('reporter_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  return { linked: linked?.project_id ?? null, lastUsed: last?.project_id ?? null };
}

/** True the first time an update id is seen; ids older than a day are pruned now and then. */
export async function firstDelivery(em: EntityManager, updateId: number): Promise<boolean> {
  const db = kysely(em);
  // Telegram redelivers for hours at most; a day of ids is plenty.
  if (updateId % 100 === 0) await db.deleteFrom('bot_updates').where('seen_at', '<', sql<string>`now() - interval '1 day'`).execute();
  const inserted = await db.insertInto('bot_updates').values({ update_id: updateId }).onConflict((oc) => oc.doNothing()).returning('update_id').execute();
  return inserted.length === 1;
}

/** grammY's conversation storage, one JSON value per key. */
export const conversations = {
  async read(em: EntityManager, key: string): Promise<unknown> {
    const row = await kysely(em).selectFrom('bot_conversations').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  },
  async write(em: EntityManager, key: string, value: unknown): Promise<void> {
    await kysely(em)
      .insertInto('bot_conversations')
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value'), updated_at: sql<string>`now()` }))
      .execute();
  },
  async delete(em: EntityManager, key: string): Promise<void> {
    await kysely(em).deleteFrom('bot_conversations').where('key', '=', key).execute();
  },
};
