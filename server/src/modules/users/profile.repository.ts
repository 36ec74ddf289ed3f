// The statements behind a user's profile and public page, with bound values only.
import type { EntityManager } from '@mikro-orm/postgresql';

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
