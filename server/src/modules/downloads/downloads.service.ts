// Who a signed download link reads as (issue 25): its user, while they may still sign in.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity.ts';
import { linkUser } from './downloads.repository.ts';

/** The signed link's user; null when they are gone or blocked: a blocked user's links die with their sessions. */
export async function linkReader(em: EntityManager, userId: number): Promise<User | null> {
  const user = await linkUser(em, userId);
  return user && !user.blockedAt ? user : null;
}
