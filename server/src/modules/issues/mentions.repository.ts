// Who a `@handle` or `@Full Name` names, among the people who may see the project: typed queries
// (db/kysely.ts). Which of them a text really mentions is mentions.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { userCanViewProjectSql } from '../projects/project-guards.ts';

/**
 * How a `@handle` matches a user, case-insensitively: the e-mail's local part, the name without
 * spaces, and the linked Telegram username (so `@handle` written as in Telegram reaches that user).
 */
const handleExpressions = (u: string) => [`lower(split_part(${u}.email, '@', 1))`, `lower(replace(${u}.name, ' ', ''))`, `lower(${u}.telegram_username)`];
const HANDLE_EXPRESSIONS = handleExpressions('u');

/** The handles that name the user `u` (SQL for an array), as mentions match them. */
export const handlesOfSql = (u: string) => `array[${handleExpressions(u).join(', ')}]`;

/** User `u` goes by one of the handles in `h.handles`. */
const BY_HANDLE = sql.raw<boolean>(`(${HANDLE_EXPRESSIONS.map((e) => `${e} = any(h.handles)`).join(' or ')})`);

/**
 * The users, other than `exceptUserId`, who may see the project and whom the text names by one of
 * `handles` (`by_handle`) or may name by their full name: its words are in the text after an `@`.
 */
export function mentionCandidates(em: EntityManager, text: string, handles: readonly string[], projectId: number, exceptUserId: number) {
  return kysely(em)
    .with('h', (db) => db.selectNoFrom([sql<string[]>`${handles}::text[]`.as('handles'), sql<string>`lower(${text}::text)`.as('body')]))
    .selectFrom('users as u')
    .innerJoin('projects as p', (join) => join.on('p.id', '=', projectId))
    .crossJoin('h')
    .select(['u.id', 'u.name', BY_HANDLE.as('by_handle')])
    .where((eb) => eb.or([BY_HANDLE, sql<boolean>`strpos(h.body, '@' || lower(u.name)) > 0`]))
    .where('u.id', '<>', exceptUserId)
    .where(sql.raw<boolean>(userCanViewProjectSql('u', 'p')))
    .orderBy('u.id')
    .execute();
}

/** The first user (by id) who goes by this handle (lower case) and may see the project. */
export async function userByHandle(em: EntityManager, handle: string, projectId: number): Promise<number | undefined> {
  const row = await kysely(em)
    .selectFrom('users as u')
    .innerJoin('projects as p', (join) => join.on('p.id', '=', projectId))
    .select('u.id')
    .where((eb) => eb.or(HANDLE_EXPRESSIONS.map((e) => eb(sql.raw<string>(e), '=', handle))))
    .where(sql.raw<boolean>(userCanViewProjectSql('u', 'p')))
    .orderBy('u.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
