// Finding users: by e-mail (sign-in) and by name or e-mail prefix (the people picker). Bound values only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserRef } from '@tracker/shared/api/common';

/** The account signing in with this (lower-case) address, if any. */
export async function userIdByEmail(em: EntityManager, email: string): Promise<number | null> {
  const [row] = await em.execute<{ id: number }[]>('select id from users where lower(email) = ?', [email]);
  return row?.id ?? null;
}

const likePrefix = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Users whose name (any word) or e-mail starts with `q`, by name; never their e-mails. An empty `q` matches all. */
export async function peopleByPrefix(em: EntityManager, q: string, limit: number): Promise<UserRef[]> {
  const prefix = likePrefix(q);
  const rows = await em.execute<UserRef[]>(
    `select id, name from users
      where ? = '' or lower(name) like ? or lower(name) like ? or lower(email) like ?
      order by lower(name), id limit ?`,
    [q, prefix, `% ${prefix}`, prefix, limit],
  );
  return rows.map((u) => ({ id: u.id, name: u.name }));
}
