// The Telegram outbox and its pauses (outbox.ts): one waiting message per issue and chat, sent in
// order, paused as Telegram asks. Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

const now = () => sql<string>`now()`;

export interface OutboxRow {
  id: string;
  chat_id: string;
  thread_id: number;
  reply_to: number | null;
  lines: string[];
  card: string;
  reply_markup: unknown;
  silent: boolean;
  due: boolean;
  send_after: string;
}

/** Adds a message to its chat's outbox, or its line to the issue's waiting message; when it goes out. */
export async function upsertOutboxMessage(
  em: EntityManager,
  m: { chatId: number; threadId: number; issueId: number | null; replyTo: number | null; line: string; card: string; replyMarkup: unknown; silent: boolean },
  burstSec: number,
): Promise<string> {
  const row = await kysely(em)
    .insertInto('telegram_outbox')
    .values({
      chat_id: m.chatId,
      thread_id: m.threadId,
      issue_id: m.issueId,
      reply_to: m.replyTo,
      lines: sql`jsonb_build_array(${m.line}::text)`,
      card: m.card,
      reply_markup: sql`${JSON.stringify(m.replyMarkup ?? null)}::jsonb`,
      silent: m.silent,
      send_after: sql<string>`now() + make_interval(secs => ${burstSec})`,
    })
    .onConflict((oc) =>
      oc.columns(['chat_id', 'thread_id', 'issue_id']).doUpdateSet((eb) => ({
        lines: sql`telegram_outbox.lines || excluded.lines`,
        card: eb.ref('excluded.card'),
        reply_markup: eb.ref('excluded.reply_markup'),
        silent: eb.ref('excluded.silent'),
        reply_to: sql<number | null>`coalesce(excluded.reply_to, telegram_outbox.reply_to)`,
      })),
    )
    .returning('send_after')
    .executeTakeFirstOrThrow();
  return row.send_after;
}

/** When the chat's own pause, or the whole bot's (chat 0), ends; null when neither is paused. */
export async function chatPausedUntil(em: EntityManager, chatId: number): Promise<string | null> {
  const row = await kysely(em)
    .selectFrom('telegram_chat_pauses')
    .select((eb) => eb.fn.max('until').as('until'))
    .where('chat_id', 'in', [String(chatId), '0'])
    .where('until', '>', now())
    .executeTakeFirst();
  return row?.until ?? null;
}

/** The chat's oldest outbox message, locked for the rest of the transaction, and whether it is due. */
export async function lockOldestOutboxMessage(em: EntityManager, chatId: number): Promise<OutboxRow | undefined> {
  return kysely(em)
    .selectFrom('telegram_outbox')
    .select(['id', 'chat_id', 'thread_id', 'reply_to', 'lines', 'card', 'reply_markup', 'silent', 'send_after', sql<boolean>`send_after <= now()`.as('due')])
    .where('chat_id', '=', String(chatId))
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .$narrowType<{ lines: string[] }>()
    .executeTakeFirst();
}

/** Removes one outbox message (sent, or refused by Telegram). */
export async function deleteOutboxMessage(em: EntityManager, id: string): Promise<void> {
  await kysely(em).deleteFrom('telegram_outbox').where('id', '=', id).execute();
}

/** Pauses a chat for `seconds` from now (Telegram's retry_after); when the pause ends. */
export async function pauseChat(em: EntityManager, chatId: number, seconds: number): Promise<string> {
  const row = await kysely(em)
    .insertInto('telegram_chat_pauses')
    .values({ chat_id: chatId, until: sql<string>`now() + make_interval(secs => ${seconds})` })
    .onConflict((oc) => oc.column('chat_id').doUpdateSet((eb) => ({ until: eb.ref('excluded.until'), paused_at: now() })))
    .returning('until')
    .executeTakeFirstOrThrow();
  return row.until;
}

/** Pauses the whole bot (chat 0) until the latest of the chat pauses made within 3 seconds, when there are several. */
export async function pauseBotOnBurst(em: EntityManager): Promise<void> {
  const db = kysely(em);
  await db
    .insertInto('telegram_chat_pauses')
    .columns(['chat_id', 'until'])
    .expression(
      db
        .selectFrom('telegram_chat_pauses')
        .select((eb) => [sql<string>`0`.as('chat_id'), eb.fn.max('until').as('until')])
        .where('chat_id', '<>', sql<string>`0`)
        .where('paused_at', '>', sql<string>`now() - interval '3 seconds'`)
        .having((eb) => eb.fn.countAll(), '>', sql<number>`1`),
    )
    .onConflict((oc) =>
      oc.column('chat_id').doUpdateSet({ until: sql<string>`greatest(telegram_chat_pauses.until, excluded.until)`, paused_at: now() }),
    )
    .execute();
}

/** Drops all of a chat's waiting messages. */
export async function deleteChatOutbox(em: EntityManager, chatId: number): Promise<void> {
  await kysely(em).deleteFrom('telegram_outbox').where('chat_id', '=', String(chatId)).execute();
}

/** Marks the person with this Telegram id unreachable (once). */
export async function markTelegramUnreachable(em: EntityManager, telegramId: number): Promise<void> {
  await kysely(em)
    .updateTable('users')
    .set({ telegram_unreachable_at: now() })
    .where('telegram_id', '=', String(telegramId))
    .where('telegram_unreachable_at', 'is', null)
    .execute();
}
