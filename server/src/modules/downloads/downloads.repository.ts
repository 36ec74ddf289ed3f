// Who a signed download link speaks for: the user as the file routes use the caller (an entity).
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../users/user.entity.ts';

export function linkUser(em: EntityManager, userId: number): Promise<User | null> {
  return em.findOne(User, { id: userId });
}
