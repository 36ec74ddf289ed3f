// The statements behind a user's profile and public page, with bound values only.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { conflict } from '@tracker/shared/domain-errors';

export interface PublicUserRow {
  id: number;
  name: string;
  avatar_key: string | null;
  created_at: Date;
}

export interface ProjectChip {
  id: number;
  key: string;
  name: string;
  color: string;
}

/** Whether another account already signs in with this (lower-case) address. */
export async function emailTakenByOther(em: EntityManager, email: string, userId: number): Promise<boolean> {
  return (await em.execute('select 1 from users where lower(email) = ? and id <> ?', [email, userId])).length > 0;
}

/**
 * Makes `email` the account's confirmed address again and drops a pending change; returns the address
 * it replaces. Another account holding `email` by now is a 409 `email_taken`.
 */
export async function putEmailBack(em: EntityManager, userId: number, email: string): Promise<string | null> {
  const [row] = await em.execute<{ email: string | null }[]>('select email from users where id = ? for update', [userId]);
  try {
    await em.execute('update users set email = ?, pending_email = null, email_confirmed_at = now(), updated_at = now() where id = ?', [email, userId]);
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw conflict('email_taken', 'email');
    throw err;
  }
  return row?.email ?? null;
}

/** Codes sent to a phone number the user no longer has. */
export async function deletePhoneCodes(em: EntityManager, userId: number): Promise<void> {
  await em.execute('delete from phone_codes where user_id = ?', [userId]);
}

export async function publicUser(em: EntityManager, id: number): Promise<PublicUserRow | null> {
  const [row] = await em.execute<PublicUserRow[]>('select id, name, avatar_key, created_at from users where id = ?', [id]);
  return row ?? null;
}

/** Active projects both users are members of, by name. */
export function commonProjects(em: EntityManager, userId: number, otherId: number): Promise<ProjectChip[]> {
  return em.execute<ProjectChip[]>(
    `select p.id, p.key, p.name, p.color from projects p
       join project_members a on a.project_id = p.id and a.user_id = ?
       join project_members b on b.project_id = p.id and b.user_id = ?
      where p.archived_at is null order by lower(p.name), p.id`,
    [userId, otherId],
  );
}

/** The language of the account linked to a Telegram user (their choice in the bot is the account's). */
export async function setTelegramAccountLocale(em: EntityManager, telegramId: number, locale: string): Promise<void> {
  await kysely(em).updateTable('users').set({ locale, updated_at: sql<string>`now()` }).where('telegram_id', '=', String(telegramId)).execute();
}

/** The account linked to a Telegram user can be written to again (a 403 had marked it unreachable). */
export async function markTelegramReachable(em: EntityManager, telegramId: number): Promise<void> {
  await kysely(em).updateTable('users').set({ telegram_unreachable_at: null }).where('telegram_id', '=', String(telegramId)).where('telegram_unreachable_at', 'is not', null).execute();
}
