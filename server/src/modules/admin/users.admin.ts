import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '@tracker/shared/api/admin';
import { invalid, notFound } from '@tracker/shared/domain-errors';
import { iso } from '../../db/sql.ts';
import { revokeAllApiTokens } from '../api-tokens/api-tokens.service.ts';
import { revokeAllFeeds } from '../calendar/feeds.service.ts';
import { adminRoleSetByHand } from '../users/admin-grants.ts';

interface Row {
  id: number;
  name: string;
  email: string | null;
  roles: string[];
  blocked_at: string | Date | null;
  created_at: string | Date;
}
const toDto = (r: Row): AdminUser => ({
  id: r.id,
  name: r.name,
  email: r.email,
  roles: r.roles ?? [],
  blockedAt: iso(r.blocked_at),
  createdAt: iso(r.created_at),
});
const likeAny = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchUsers(em: EntityManager, q: string, page: number) {
  const rows = await em.execute<(Row & { total: string })[]>(
    `select id, name, email, roles, blocked_at, created_at, count(*) over () as total from users
      where ? = '' or lower(name) like ? or lower(coalesce(email, '')) like ? or id::text = ?
      order by created_at desc, id desc limit ? offset ?`,
    [q, likeAny(q), likeAny(q), q, ADMIN_USERS_PAGE_SIZE, (page - 1) * ADMIN_USERS_PAGE_SIZE],
  );
  return { users: rows.map(toDto), total: rows.length ? Number(rows[0]!.total) : 0, page, pageSize: ADMIN_USERS_PAGE_SIZE };
}

/**
 * Grants/revokes admin and blocks/unblocks. Blocking ends every session of the user (one delete:
 * sessions carry user_id), revokes their tokens and calendar feeds, which unblocking does not bring
 * back. An admin cannot lock themselves out.
 */
export async function updateUser(em: EntityManager, actorId: number, id: number, change: { admin?: boolean | undefined; blocked?: boolean | undefined }): Promise<AdminUser> {
  if (id === actorId && (change.admin === false || change.blocked === true)) {
    throw invalid([{ path: [], message: 'admin.users.notSelf', code: 'custom' }]);
  }
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<Row[]>(
      `update users set
         roles = case when ?::boolean is null then roles
                      when ?::boolean then (case when 'admin' = any(roles) then roles else array_append(roles, 'admin') end)
                      else array_remove(roles, 'admin') end,
         blocked_at = case when ?::boolean is null then blocked_at when ?::boolean then coalesce(blocked_at, now()) else null end,
         updated_at = now()
       where id = ? returning id, name, email, roles, blocked_at, created_at`,
      [change.admin ?? null, change.admin ?? null, change.blocked ?? null, change.blocked ?? null, id],
    );
    if (!row) throw notFound('user');
    if (change.admin !== undefined) await adminRoleSetByHand(tx as EntityManager, id);
    if (change.blocked) {
      await tx.execute('delete from sessions where user_id = ?', [id]);
      await revokeAllApiTokens(tx as EntityManager, id);
      await revokeAllFeeds(tx as EntityManager, id);
    }
    return toDto(row);
  });
}
