import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '@tracker/shared/api/admin';
import { invalid, notFound } from '@tracker/shared/domain-errors';
import { iso } from '../../db/sql.ts';
import { revokeAllApiTokens } from '../api-tokens/api-tokens.service.ts';
import { revokeAllFeeds } from '../calendar/feeds.service.ts';
import { adminRoleSetByHand } from '../users/admin-grants.ts';
import { deleteAllSessionsOf } from '../users/sessions.repository.ts';
import { searchUserRows, updateUserFlags } from './users.repository.ts';

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
  const rows = await searchUserRows(em, q, likeAny(q), ADMIN_USERS_PAGE_SIZE, (page - 1) * ADMIN_USERS_PAGE_SIZE);
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
    const row = await updateUserFlags(tx as EntityManager, id, change);
    if (!row) throw notFound('user');
    if (change.admin !== undefined) await adminRoleSetByHand(tx as EntityManager, id);
    if (change.blocked) {
      await deleteAllSessionsOf(tx as EntityManager, id);
      await revokeAllApiTokens(tx as EntityManager, id);
      await revokeAllFeeds(tx as EntityManager, id);
    }
    return toDto(row);
  });
}
