// The one-time links that tie a Telegram account to an e-mail account, and the phone a shared
// contact confirms. Typed queries (db/kysely.ts); link.service.ts holds the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LinkStatus } from '@tracker/shared/api/telegram';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** Stores a new link token (by its hash) for the user, valid `ttlSec`; returns when it expires. */
export async function insertLinkToken(em: EntityManager, tokenHash: string, userId: number, ttlSec: number): Promise<string> {
  const row = await kysely(em)
    .insertInto('telegram_link_tokens')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: sql<string>`now() + make_interval(secs => ${ttlSec})` })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/** The user's link token's state, whether expired, and the Telegram username it was used by. */
export function linkTokenOfUser(em: EntityManager, tokenHash: string, userId: number) {
  return kysely(em)
    .selectFrom('telegram_link_tokens')
    .select((eb) => ['status', 'username', eb('expires_at', '<', sql<string>`now()`).$castTo<boolean>().as('expired')])
    .$narrowType<{ status: LinkStatus }>()
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A link token's user, state and whether expired, its row locked while the link is made. */
export function lockLinkToken(em: EntityManager, tokenHash: string) {
  return kysely(em)
    .selectFrom('telegram_link_tokens')
    .select((eb) => ['user_id', 'status', eb('expires_at', '<', sql<string>`now()`).$castTo<boolean>().as('expired')])
    .$narrowType<{ status: LinkStatus }>()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** Records how a link token ended and the Telegram account that used it. */
export async function settleLinkToken(em: EntityManager, tokenHash: string, outcome: { status: LinkStatus; telegramId: number; username: string | null }): Promise<void> {
  await kysely(em)
    .updateTable('telegram_link_tokens')
    .set({ status: outcome.status, telegram_id: outcome.telegramId, username: outcome.username })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** Makes `phone` the confirmed phone of the user the Telegram id is linked to; false if none is. */
export async function confirmPhoneOfTelegramUser(em: EntityManager, telegramId: number, phone: string): Promise<boolean> {
  const rows = await kysely(em)
    .updateTable('users')
    .set({ phone, phone_confirmed_at: sql<string>`now()`, updated_at: sql<string>`now()` })
    .where('id', '=', (eb) => eb.selectFrom('telegram_accounts').select('user_id').where('telegram_id', '=', String(telegramId)))
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The user's phone and when it was confirmed. */
export function phoneOfUser(em: EntityManager, userId: number) {
  return kysely(em).selectFrom('users').select(['phone', 'phone_confirmed_at']).where('id', '=', userId).executeTakeFirst();
}
