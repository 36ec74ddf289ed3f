import type { EntityManager } from '@mikro-orm/postgresql';
import type { feedSchema } from '@tracker/shared/api/calendar';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { notFound } from '@tracker/shared/domain-errors';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { iso } from '../../db/sql.ts';
import { hashSecretToken } from '../../secret-token.ts';
import { activeFeedByTokenHash, insertFeed, liveFeedsOf, revokeFeedsOf, revokeOwnFeed, streamExists, type FeedRow } from './feeds.repository.ts';

type Feed = z.infer<typeof feedSchema>;
type Scope = Feed['scope'];

/** Only the SHA-256 of a feed token is stored: a database leak does not leak calendar URLs. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const toFeedDto = (r: FeedRow): Feed => ({ id: r.id, scope: r.scope, scopeId: r.scope_id, createdAt: iso(r.created_at), revokedAt: iso(r.revoked_at) });

/** The owner's feeds still in use; one made by a personal access token ends with the token. */
export async function listFeeds(em: EntityManager, ownerId: number): Promise<Feed[]> {
  return (await liveFeedsOf(em, ownerId)).map(toFeedDto);
}

/**
 * Makes a feed and returns it with its secret token (shown once). A project feed needs `project.view`.
 * `apiTokenId`: the personal access token that asked, whose end ends the feed too.
 */
export async function createFeed(em: EntityManager, owner: Viewer, input: { scope: Scope; scopeId: number | null }, apiTokenId: number | null = null): Promise<{ feed: Feed; token: string }> {
  if (input.scope === 'project') await requireProject(em, owner, input.scopeId!, 'project.view');
  if (input.scope === 'stream' && !(await streamExists(em, input.scopeId!))) throw notFound('stream');
  const token = randomBytes(32).toString('base64url');
  const row = await insertFeed(em, { ownerId: owner.id, scope: input.scope, scopeId: input.scopeId, tokenHash: hashSecretToken(token), apiTokenId });
  return { feed: toFeedDto(row), token };
}

/** Revokes one of the owner's feeds; someone else's is a 404. */
export async function revokeFeed(em: EntityManager, ownerId: number, id: number): Promise<Feed> {
  const row = await revokeOwnFeed(em, ownerId, id);
  if (!row) throw notFound('feed');
  return toFeedDto(row);
}

/** Revokes every feed of a user (they were blocked). */
export async function revokeAllFeeds(em: EntityManager, ownerId: number): Promise<void> {
  await revokeFeedsOf(em, ownerId);
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
  const row = await activeFeedByTokenHash(em, hashSecretToken(token));
  if (!row) return null;
  return {
    id: row.id,
    scope: row.scope,
    scopeId: row.scope_id,
    owner: { id: row.owner_id, roles: row.roles ?? [], name: row.name, locale: row.locale },
    scopeName: row.scope_name,
  };
}
