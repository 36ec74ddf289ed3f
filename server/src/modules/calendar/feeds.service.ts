import type { EntityManager } from '@mikro-orm/postgresql';
import type { feedSchema } from '@tracker/shared/api/calendar';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { notFound } from '@tracker/shared/domain-errors';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { iso } from '../../db/sql.ts';
import { hashSecretToken } from '../../secret-token.ts';

type Feed = z.infer<typeof feedSchema>;
type Scope = Feed['scope'];

interface FeedRow {
  id: number;
  owner_id: number;
  scope: Scope;
  scope_id: number | null;
  created_at: string;
  revoked_at: string | null;
}

/** Only the SHA-256 of a feed token is stored: a database leak does not leak calendar URLs. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const toFeedDto = (r: FeedRow): Feed => ({ id: r.id, scope: r.scope, scopeId: r.scope_id, createdAt: iso(r.created_at), revokedAt: iso(r.revoked_at) });

const COLUMNS = 'id, owner_id, scope, scope_id, created_at, revoked_at';

/** A feed made with a personal access token lives only as long as the token (revoked or expired: gone). */
const madeByLiveToken = (f: string) =>
  `(${f}.api_token_id is null or exists (select 1 from api_tokens t where t.id = ${f}.api_token_id and t.revoked_at is null and (t.expires_at is null or t.expires_at > now())))`;

export async function listFeeds(em: EntityManager, ownerId: number): Promise<Feed[]> {
  const rows = await em.execute<FeedRow[]>(`select ${COLUMNS} from calendar_feeds f where owner_id = ? and revoked_at is null and ${madeByLiveToken('f')} order by id desc`, [ownerId]);
  return rows.map(toFeedDto);
}

/**
 * Makes a feed and returns it with its secret token (shown once). A project feed needs `project.view`.
 * `apiTokenId`: the personal access token that asked, whose end ends the feed too.
 */
export async function createFeed(em: EntityManager, owner: Viewer, input: { scope: Scope; scopeId: number | null }, apiTokenId: number | null = null): Promise<{ feed: Feed; token: string }> {
  if (input.scope === 'project') await requireProject(em, owner, input.scopeId!, 'project.view');
  if (input.scope === 'stream') {
    const rows = await em.execute(`select 1 from streams where id = ?`, [input.scopeId]);
    if (!rows.length) throw notFound('stream');
  }
  const token = randomBytes(32).toString('base64url');
  const [row] = await em.execute<FeedRow[]>(`insert into calendar_feeds (owner_id, scope, scope_id, token_hash, api_token_id) values (?, ?, ?, ?, ?) returning ${COLUMNS}`, [
    owner.id,
    input.scope,
    input.scopeId,
    hashSecretToken(token),
    apiTokenId,
  ]);
  return { feed: toFeedDto(row!), token };
}

/** Revokes one of the owner's feeds; someone else's is a 404. */
export async function revokeFeed(em: EntityManager, ownerId: number, id: number): Promise<Feed> {
  const [row] = await em.execute<FeedRow[]>(
    `update calendar_feeds set revoked_at = coalesce(revoked_at, now()) where id = ? and owner_id = ? returning ${COLUMNS}`,
    [id, ownerId],
  );
  if (!row) throw notFound('feed');
  return toFeedDto(row);
}

/** Revokes every feed of a user (they were blocked). */
export async function revokeAllFeeds(em: EntityManager, ownerId: number): Promise<void> {
  await em.execute('update calendar_feeds set revoked_at = now() where owner_id = ? and revoked_at is null', [ownerId]);
}

export interface ActiveFeed {
  id: number;
  scope: Scope;
  scopeId: number | null;
  owner: Viewer & { name: string; locale: string };
  /** The project's or stream's name, for the calendar's title. */
  scopeName: string | null;
}

/** An active feed by its token, with its owner as they are now; null when unknown, revoked, its token gone or its owner blocked. */
export async function findActiveFeed(em: EntityManager, token: string): Promise<ActiveFeed | null> {
  const [row] = await em.execute<(FeedRow & { name: string; locale: string; roles: string[]; scope_name: string | null })[]>(
    `select f.id, f.owner_id, f.scope, f.scope_id, f.created_at, f.revoked_at, u.name, u.locale, u.roles,
            case f.scope when 'project' then (select p.key || ' ' || p.name from projects p where p.id = f.scope_id)
                         when 'stream' then (select s.name from streams s where s.id = f.scope_id) end as scope_name
       from calendar_feeds f join users u on u.id = f.owner_id
      where f.token_hash = ? and f.revoked_at is null and u.blocked_at is null and ${madeByLiveToken('f')}`,
    [hashSecretToken(token)],
  );
  if (!row) return null;
  return {
    id: row.id,
    scope: row.scope,
    scopeId: row.scope_id,
    owner: { id: row.owner_id, roles: row.roles ?? [], name: row.name, locale: row.locale },
    scopeName: row.scope_name,
  };
}
