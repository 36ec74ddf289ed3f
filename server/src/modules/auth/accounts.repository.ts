// The accounts a password change, a recovery and a reset are for, as the ORM's entities (a reset
// signs in with one; a change checks the current password's hash).
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../users/user.entity.ts';

/** The account with this id and its password hash, if any. */
export function accountWithPassword(em: EntityManager, id: number): Promise<User | null> {
  return em.findOne(User, { id }, { populate: ['passwordHash'] });
}

/** The account that signs in with this (lower-case) address, if any. */
export function accountByEmail(em: EntityManager, email: string): Promise<User | null> {
  return em.findOne(User, { email });
}

/** The account with this id; a missing one fails (MikroORM's NotFoundError). */
export function accountById(em: EntityManager, id: number): Promise<User> {
  return em.findOneOrFail(User, { id });
}
