// The accounts `npm run admin` lists and changes: typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../db/kysely.ts';

/** Every account holding the admin role, in id order. */
export function adminAccounts(em: EntityManager) {
  return kysely(em).selectFrom('users').select(['id', 'email', 'name']).where('roles', '@>', sql<string[]>`array['admin']`).orderBy('id').execute();
}

/** The account that signs in with this (lower-case) address, with its roles. */
export function accountByEmail(em: EntityManager, email: string) {
  return kysely(em).selectFrom('users').select(['id', 'email', 'roles']).where('email', '=', email).executeTakeFirst();
}

export async function setRoles(em: EntityManager, userId: number, roles: readonly string[]): Promise<void> {
  await kysely(em).updateTable('users').set({ roles: [...roles], updated_at: sql<string>`now()` }).where('id', '=', userId).execute();
}
