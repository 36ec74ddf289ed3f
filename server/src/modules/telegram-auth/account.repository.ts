// Telegram accounts' rows: who a Telegram id belongs to, the account row a sign-in or link keeps
// fresh, the replay record of sign-ins, and what the account settings change. Typed queries
// (db/kysely.ts), and the account a sign-in ends in as the ORM's entity (the session is made from
// it); account.service.ts and link.service.ts hold the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { User } from '../users/user.entity.ts';

/** Whether the user can sign in without Telegram (an e-mail with a password), with the user's row locked. */
export async function lockOtherSignInWay(em: EntityManager, userId: number): Promise<boolean> {
  const user = await kysely(em)
    .selectFrom('users')
    .select((eb) => eb.and([eb('email', 'is not', null), eb('password_hash', 'is not', null)]).$castTo<boolean>().as('other_way'))
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return user?.other_way ?? false;
}

/** Unlinks the user's Telegram account. */
export async function deleteTelegramAccount(em: EntityManager, userId: number): Promise<void> {
  await kysely(em).deleteFrom('telegram_accounts').where('user_id', '=', userId).execute();
}

/** Serialises everything done for one Telegram id until the transaction ends (two first sign-ins at once make one user). */
export async function lockTelegramId(tem: EntityManager, telegramId: number): Promise<void> {
  await kysely(tem)
    .selectNoFrom((eb) => eb.fn<unknown>('pg_advisory_xact_lock', [eb.val(0x7467), eb.val(telegramId % 2_147_483_647)]).as('locked'))
    .execute();
}

/** The Telegram account's row as the profile Telegram sent has it: inserted for `userId`, or refreshed (a photo is kept when none came). */
export async function upsertTelegramAccount(
  tem: EntityManager,
  row: { telegramId: number; userId: number; username: string | null; firstName: string; lastName: string | null; languageCode: string | null; isPremium: boolean; photoUrl: string | null },
): Promise<void> {
  await kysely(tem)
    .insertInto('telegram_accounts')
    .values({
      telegram_id: row.telegramId,
      user_id: row.userId,
      username: row.username,
      first_name: row.firstName,
      last_name: row.lastName,
      language_code: row.languageCode,
      is_premium: row.isPremium,
      photo_url: row.photoUrl,
    })
    .onConflict((oc) =>
      oc.column('telegram_id').doUpdateSet((eb) => ({
        username: eb.ref('excluded.username'),
        first_name: eb.ref('excluded.first_name'),
        last_name: eb.ref('excluded.last_name'),
        language_code: eb.ref('excluded.language_code'),
        is_premium: eb.ref('excluded.is_premium'),
        photo_url: eb.fn.coalesce('excluded.photo_url', 'telegram_accounts.photo_url'),
        updated_at: sql<string>`now()`,
      })),
    )
    .execute();
}

/** The user a Telegram id is linked to, if any. */
export async function userOfTelegramId(em: EntityManager, telegramId: number): Promise<number | null> {
  const row = await kysely(em).selectFrom('telegram_accounts').select('user_id').where('telegram_id', '=', String(telegramId)).executeTakeFirst();
  return row?.user_id ?? null;
}

/** The user a Telegram id is linked to and whether that account is blocked, if linked. */
export function linkedUserOfTelegramId(em: EntityManager, telegramId: number) {
  return kysely(em)
    .selectFrom('telegram_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select((eb) => ['a.user_id', eb('u.blocked_at', 'is not', null).$castTo<boolean>().as('blocked')])
    .where('a.telegram_id', '=', String(telegramId))
    .executeTakeFirst();
}

/** The Telegram id linked to the user, if any (int8, as text). */
export async function telegramIdOfUser(em: EntityManager, userId: number): Promise<string | null> {
  const row = await kysely(em).selectFrom('telegram_accounts').select('telegram_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.telegram_id ?? null;
}

/** How many Telegram accounts the user has linked. */
export async function telegramAccountCount(em: EntityManager, userId: number): Promise<number> {
  const row = await kysely(em)
    .selectFrom('telegram_accounts')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The user's Telegram account as the profile shows it, if linked. */
export function telegramAccountOfUser(em: EntityManager, userId: number) {
  return kysely(em)
    .selectFrom('telegram_accounts')
    .select(['telegram_id', 'username', 'first_name', 'last_name', 'photo_url', 'is_premium'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new account made from a Telegram profile: no e-mail, no password, no roles. Returns its id. */
export async function insertTelegramUser(tem: EntityManager, name: string, locale: string): Promise<number> {
  const row = await kysely(tem).insertInto('users').values({ name, locale, roles: sql<string[]>`'{}'` }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Forgets sign-in payloads used more than `olderThanSec` ago (they are too old to be replayed anyway). */
export async function forgetUsedSignIns(tem: EntityManager, olderThanSec: number): Promise<void> {
  await kysely(tem).deleteFrom('telegram_auth_used').where('used_at', '<', sql<string>`now() - make_interval(secs => ${olderThanSec})`).execute();
}

/** Records a sign-in payload as used; false if it was already (a replay). */
export async function recordUsedSignIn(tem: EntityManager, key: string): Promise<boolean> {
  const rows = await kysely(tem).insertInto('telegram_auth_used').values({ key }).onConflict((oc) => oc.doNothing()).returning('key').execute();
  return rows.length > 0;
}

/** The account a Telegram sign-in ends in, read afresh (the sign-in changed its row); a missing one fails. */
export function signedInAccount(em: EntityManager, userId: number): Promise<User> {
  return em.findOneOrFail(User, { id: userId }, { refresh: true });
}
