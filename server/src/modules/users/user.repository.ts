// The account as an entity: reading it by id or address, the signed-in user's row, and saving a
// new account. ORM calls and one statement (user.service.ts holds the rules).
import type { EntityManager } from '@mikro-orm/postgresql';
import { profileZoneSql } from '../../db/local-date.ts';
import { User } from './user.entity.ts';

/** The account with this id, if any. */
export function userById(em: EntityManager, id: number): Promise<User | null> {
  return em.findOne(User, { id });
}

/** The account with this id, read for a change; a missing one fails (MikroORM's NotFoundError). */
export function userByIdOrFail(em: EntityManager, id: number): Promise<User> {
  return em.findOneOrFail(User, { id });
}

/** The account that signs in with this (lower-case) address, with its password hash for checking. */
export function userByEmailWithPassword(em: EntityManager, email: string): Promise<User | null> {
  return em.findOne(User, { email }, { populate: ['passwordHash'] });
}

/**
 * The signed-in user's row when no session or token row brought it, shaped like theirs (`u.*` and
 * `time_zone`): the profile's zone is the shared SQL of db/local-date.ts, hence the plain statement.
 */
export async function signedInUserRow(em: EntityManager, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(`select u.*, ${profileZoneSql('u.id')} as time_zone from users u where u.id = ?`, [id]);
  return row ?? null;
}

/** The entity of a `users` row already read, for a request that asks for more than id and roles. */
export function userFromRow(em: EntityManager, row: Record<string, unknown>): User {
  return em.map(User, row);
}

/** Saves a new account; an address already taken fails with MikroORM's UniqueConstraintViolationException. */
export async function insertUser(em: EntityManager, data: { name: string; email: string; passwordHash: string; roles: string[]; locale: string }): Promise<User> {
  const user = em.create(User, data);
  await em.persist(user).flush();
  return user;
}

/** Reads the account again after a statement changed its row (an admin grant). */
export async function reloadUser(em: EntityManager, user: User): Promise<void> {
  await em.refresh(user);
}
