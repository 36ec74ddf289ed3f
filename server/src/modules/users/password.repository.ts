// A user's password in PostgreSQL, with bound values only.
import type { EntityManager } from '@mikro-orm/postgresql';

/** What the strength rule compares a new password with (it must not be the owner's name or address). */
export async function passwordOwner(em: EntityManager, userId: number): Promise<{ email: string | null; name: string; locale: string } | null> {
  const [row] = await em.execute<{ email: string | null; name: string; locale: string }[]>('select email, name, locale from users where id = ?', [userId]);
  return row ?? null;
}

export async function setPasswordHash(em: EntityManager, userId: number, passwordHash: string): Promise<void> {
  await em.execute('update users set password_hash = ?, updated_at = now() where id = ?', [passwordHash, userId]);
}
