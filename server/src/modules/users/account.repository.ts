// The rows behind confirming an account's e-mail and phone (account.service.ts holds the rules):
// the user's addresses, the confirmation marks, and the SMS code waiting to be entered. Typed queries
// (db/kysely.ts); a code sent to a phone the user no longer has goes with profile.repository.ts's deletePhoneCodes.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** The user's addresses, name and language, the row locked while an address is confirmed. */
export function lockUserAddresses(em: EntityManager, userId: number) {
  return kysely(em).selectFrom('users').select(['email', 'pending_email', 'name', 'locale']).where('id', '=', userId).forUpdate().executeTakeFirst();
}

/**
 * The pending address becomes the confirmed one. Another account holding it fails with pg's unique
 * violation (code 23505), which the service turns into 409 `email_taken`.
 */
export async function confirmPendingEmail(em: EntityManager, userId: number): Promise<void> {
  await kysely(em)
    .updateTable('users')
    .set((eb) => ({ email: eb.ref('pending_email'), pending_email: null, email_confirmed_at: sql<string>`now()`, updated_at: sql<string>`now()` }))
    .where('id', '=', userId)
    .execute();
}

/** Marks the current address confirmed (keeping the first time it was). */
export async function markEmailConfirmed(em: EntityManager, userId: number): Promise<void> {
  await kysely(em)
    .updateTable('users')
    .set((eb) => ({ email_confirmed_at: eb.fn.coalesce('email_confirmed_at', sql<string>`now()`), updated_at: sql<string>`now()` }))
    .where('id', '=', userId)
    .execute();
}

/** Keeps a fresh code for the user's phone, replacing any earlier one, with no attempts yet. */
export async function storePhoneCode(em: EntityManager, code: { userId: number; phone: string; codeHash: string; ttlSec: number }): Promise<void> {
  await kysely(em)
    .insertInto('phone_codes')
    .values({ user_id: code.userId, phone: code.phone, code_hash: code.codeHash, attempts: 0, expires_at: sql<string>`now() + make_interval(secs => ${code.ttlSec})` })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        phone: eb.ref('excluded.phone'),
        code_hash: eb.ref('excluded.code_hash'),
        attempts: 0,
        expires_at: eb.ref('excluded.expires_at'),
        created_at: sql<string>`now()`,
      })),
    )
    .execute();
}

/** The unexpired code sent to this phone of the user, locked while it is checked. */
export function lockPhoneCode(em: EntityManager, userId: number, phone: string) {
  return kysely(em)
    .selectFrom('phone_codes')
    .select(['code_hash', 'attempts'])
    .where('user_id', '=', userId)
    .where('phone', '=', phone)
    .where('expires_at', '>', sql<string>`now()`)
    .forUpdate()
    .executeTakeFirst();
}

/** Counts one more wrong attempt at the user's code. */
export async function countPhoneCodeAttempt(em: EntityManager, userId: number): Promise<void> {
  await kysely(em)
    .updateTable('phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
}

/** Marks the phone confirmed, if it is still the user's. */
export async function markPhoneConfirmed(em: EntityManager, userId: number, phone: string): Promise<void> {
  await kysely(em).updateTable('users').set({ phone_confirmed_at: sql<string>`now()`, updated_at: sql<string>`now()` }).where('id', '=', userId).where('phone', '=', phone).execute();
}
