// The attachment rows the file routes read, and who a signed download link speaks for. The
// attachment stays an entity (its removal goes through the unit of work); the link's user is a typed
// query (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';
import { Attachment } from '../issues/issue.entity.ts';

export function attachmentById(em: EntityManager, id: number): Promise<Attachment | null> {
  return em.findOne(Attachment, { id });
}

/** The user a signed link was made for: their roles and whether they are blocked. */
export function linkUser(em: EntityManager, userId: number) {
  return kysely(em).selectFrom('users').select(['id', 'roles', 'blocked_at']).where('id', '=', userId).executeTakeFirst();
}
