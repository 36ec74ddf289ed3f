// What calendar feeds read and write: a user's feeds, making and revoking them, and finding the one
// a calendar app asks for by its token's hash. Typed queries (db/kysely.ts); the rules are
// feeds.service.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FEED_SCOPES } from '@tracker/shared/api/calendar';
import { sql, type ExpressionBuilder } from 'kysely';
import type { CalendarFeeds, DB } from '../../db/database.ts';
import { kysely } from '../../db/kysely.ts';

export type FeedScope = (typeof FEED_SCOPES)[number];

export interface FeedRow {
  id: number;
  owner_id: number;
  scope: FeedScope;
  scope_id: number | null;
  created_at: string;
  revoked_at: string | null;
}

export interface ActiveFeedRow extends FeedRow {
  name: string;
  locale: string;
  roles: string[];
  scope_name: string | null;
}

const COLUMNS = ['id', 'owner_id', 'scope', 'scope_id', 'created_at', 'revoked_at'] as const;

/** A feed made with a personal access token lives only as long as the token (revoked or expired: gone). */
const madeByLiveToken = (eb: ExpressionBuilder<DB & { f: CalendarFeeds }, 'f'>) =>
  eb.or([
    eb('f.api_token_id', 'is', null),
    eb.exists(
      eb
        .selectFrom('api_tokens as t')
        .select(eb.lit(1).as('live'))
        .whereRef('t.id', '=', 'f.api_token_id')
        .where('t.revoked_at', 'is', null)
        .where((t) => t.or([t('t.expires_at', 'is', null), t('t.expires_at', '>', sql<string>`now()`)])),
    ),
  ]);

/** The owner's feeds still in use, newest first. */
export async function liveFeedsOf(em: EntityManager, ownerId: number): Promise<FeedRow[]> {
  return kysely(em)
    .selectFrom('calendar_feeds as f')
    .select(COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('revoked_at', 'is', null)
    .where(madeByLiveToken)
    .orderBy('id', 'desc')
    .$castTo<FeedRow>()
    .execute();
}

/** Whether a stream exists, for a feed of one. */
export async function streamExists(em: EntityManager, streamId: number): Promise<boolean> {
  return (await kysely(em).selectFrom('streams').select((eb) => eb.lit(1).as('found')).where('id', '=', streamId).executeTakeFirst()) !== undefined;
}

/** A new feed; only its token's hash is kept. */
export async function insertFeed(
  em: EntityManager,
  feed: { ownerId: number; scope: FeedScope; scopeId: number | null; tokenHash: string; apiTokenId: number | null },
): Promise<FeedRow> {
  return kysely(em)
    .insertInto('calendar_feeds')
    .values({ owner_id: feed.ownerId, scope: feed.scope, scope_id: feed.scopeId, token_hash: feed.tokenHash, api_token_id: feed.apiTokenId })
    .returning(COLUMNS)
    .$castTo<FeedRow>()
    .executeTakeFirstOrThrow();
}

/** Revokes one of the owner's feeds (keeping the first revocation time); undefined when they have no such feed. */
export async function revokeOwnFeed(em: EntityManager, ownerId: number, id: number): Promise<FeedRow | undefined> {
  return kysely(em)
    .updateTable('calendar_feeds')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', sql<string>`now()`) }))
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning(COLUMNS)
    .$castTo<FeedRow>()
    .executeTakeFirst();
}

/** Revokes the owner's feeds still open (their account was blocked). */
export async function revokeFeedsOf(em: EntityManager, ownerId: number): Promise<void> {
  await kysely(em).updateTable('calendar_feeds').set({ revoked_at: sql<string>`now()` }).where('owner_id', '=', ownerId).where('revoked_at', 'is', null).execute();
}

/** The feed a token's hash opens, with its owner and the name of what it shows; none when revoked, its token gone or its owner blocked. */
export async function activeFeedByTokenHash(em: EntityManager, tokenHash: string): Promise<ActiveFeedRow | undefined> {
  return kysely(em)
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.owner_id')
    .select(['f.id', 'f.owner_id', 'f.scope', 'f.scope_id', 'f.created_at', 'f.revoked_at', 'u.name', 'u.locale', 'u.roles'])
    .select((eb) =>
      eb
        .case('f.scope')
        .when('project')
        .then(eb.selectFrom('projects as p').select(sql<string>`p.key || ' ' || p.name`.as('name')).whereRef('p.id', '=', 'f.scope_id'))
        .when('stream')
        .then(eb.selectFrom('streams as s').select('s.name').whereRef('s.id', '=', 'f.scope_id'))
        .end()
        .as('scope_name'),
    )
    .where('f.token_hash', '=', tokenHash)
    .where('f.revoked_at', 'is', null)
    .where('u.blocked_at', 'is', null)
    .where(madeByLiveToken)
    .$castTo<ActiveFeedRow>()
    .executeTakeFirst();
}
