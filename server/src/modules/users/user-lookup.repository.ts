// Finding users: by e-mail (sign-in) and by name prefix or whole address (the people picker). Bound values only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserRef } from '@tracker/shared/api/common';

/** The account signing in with this (lower-case) address, if any. */
export async function userIdByEmail(em: EntityManager, email: string): Promise<number | null> {
  const [row] = await em.execute<{ id: number }[]>('select id from users where lower(email) = ?', [email]);
  return row?.id ?? null;
}

const likePrefix = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users whose name (any word) starts with `q`, or whose e-mail is `q` exactly — or, for a `q`
 * without `@`, whose e-mail's whole local part is `q` (the quick add's `@ivan`); by name, never
 * their e-mails. No part of an address matches by prefix: a prefix would let anyone recover an
 * address one character at a time. An empty `q` matches all.
 */
export async function peopleByPrefix(em: EntityManager, q: string, limit: number): Promise<UserRef[]> {
  const prefix = likePrefix(q);
  const exact = q.toLowerCase();
  const rows = await em.execute<UserRef[]>(
    `select id, name from users
      where ? = '' or lower(name) like ? or lower(name) like ? or lower(email) = ?
         or (strpos(?, '@') = 0 and split_part(lower(email), '@', 1) = ?)
      order by lower(name), id limit ?`,
    [q, prefix, `% ${prefix}`, exact, exact, exact, limit],
  );
  return rows.map((u) => ({ id: u.id, name: u.name }));
}
