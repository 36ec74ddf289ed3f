// Invites' rows: made, listed open, revoked, and claimed under a row lock (one use at a time).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Invite, InviteKind } from '@tracker/shared/api/invites';
import type { ProjectRole } from '@tracker/shared/api/projects';
import { iso } from '../../db/sql.ts';

export interface InviteRow {
  id: number;
  project_id: number;
  kind: InviteKind;
  email: string | null;
  role: ProjectRole;
  max_uses: number | null;
  uses: number;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
  created_by: number | null;
  creator_name: string | null;
}

const COLUMNS = `i.id, i.project_id, i.kind, i.email, i.role, i.max_uses, i.uses, i.expires_at, i.revoked_at, i.created_at, i.created_by, u.name as creator_name`;

export const toInvite = (r: InviteRow): Invite => ({
  id: r.id,
  kind: r.kind,
  email: r.email,
  role: r.role,
  expiresAt: iso(r.expires_at),
  maxUses: r.max_uses,
  uses: r.uses,
  createdAt: iso(r.created_at),
  createdBy: r.created_by !== null ? { id: r.created_by, name: r.creator_name ?? '' } : null,
});

export async function insertInvite(em: EntityManager, row: { projectId: number; tokenHash: string; kind: InviteKind; email: string | null; role: ProjectRole; maxUses: number | null; days: number; createdBy: number }): Promise<InviteRow> {
  const [inserted] = await em.execute<{ id: number }[]>(
    `insert into project_invites (project_id, token_hash, kind, email, role, max_uses, expires_at, created_by)
     values (?, ?, ?, ?, ?, ?, now() + make_interval(days => ?), ?) returning id`,
    [row.projectId, row.tokenHash, row.kind, row.email, row.role, row.maxUses, row.days, row.createdBy],
  );
  return (await inviteById(em, inserted!.id))!;
}

export async function inviteById(em: EntityManager, id: number): Promise<InviteRow | null> {
  const [row] = await em.execute<InviteRow[]>(`select ${COLUMNS} from project_invites i left join users u on u.id = i.created_by where i.id = ?`, [id]);
  return row ?? null;
}

/** The invite a token names; `lock` holds its row until the transaction ends (claiming a use). */
export async function inviteByToken(em: EntityManager, tokenHash: string, lock = false): Promise<InviteRow | null> {
  const [row] = await em.execute<InviteRow[]>(
    `select ${COLUMNS} from project_invites i left join users u on u.id = i.created_by where i.token_hash = ?${lock ? ' for update of i' : ''}`,
    [tokenHash],
  );
  return row ?? null;
}

/** Open invites of a project, newest first: not revoked, not expired, not used up. */
export function openInvites(em: EntityManager, projectId: number): Promise<InviteRow[]> {
  return em.execute<InviteRow[]>(
    `select ${COLUMNS} from project_invites i left join users u on u.id = i.created_by
      where i.project_id = ? and i.revoked_at is null and i.expires_at > now() and (i.max_uses is null or i.uses < i.max_uses)
      order by i.id desc limit 200`,
    [projectId],
  );
}

export async function revokeInvite(em: EntityManager, projectId: number, id: number): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>('update project_invites set revoked_at = coalesce(revoked_at, now()) where id = ? and project_id = ? returning id', [id, projectId]);
  return rows.length > 0;
}

export async function countUse(em: EntityManager, id: number): Promise<void> {
  await em.execute('update project_invites set uses = uses + 1 where id = ?', [id]);
}

export async function membershipOf(em: EntityManager, projectId: number, userId: number): Promise<ProjectRole | null> {
  const [row] = await em.execute<{ role: ProjectRole }[]>('select role from project_members where project_id = ? and user_id = ?', [projectId, userId]);
  return row?.role ?? null;
}

export async function addMembership(em: EntityManager, projectId: number, userId: number, role: ProjectRole): Promise<void> {
  await em.execute('insert into project_members (project_id, user_id, role) values (?, ?, ?) on conflict (project_id, user_id) do nothing', [projectId, userId, role]);
}

export async function projectRef(em: EntityManager, id: number): Promise<{ id: number; key: string; name: string } | null> {
  const [row] = await em.execute<{ id: number; key: string; name: string }[]>('select id, key, name from projects where id = ?', [id]);
  return row ?? null;
}
