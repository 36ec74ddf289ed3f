// The api_tokens rows of a token's owner, as the session pages make, list and revoke them. They
// stay ORM calls on the ApiToken entity (its dates are Dates); the owner's row lock is a typed query.
import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';
import { ApiToken } from './api-token.entity.ts';

/** A user's tokens that are not revoked (expired ones included), newest first. */
export function liveTokensOf(em: EntityManager, userId: number): Promise<ApiToken[]> {
  return em.find(ApiToken, { userId, revokedAt: null }, { orderBy: { id: 'desc' } });
}

/** Holds the owner's users row until the transaction ends, so one person's token creations go one at a time. */
export async function lockTokenOwner(em: EntityManager, userId: number): Promise<void> {
  await kysely(em).selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** How many tokens a user has that are not revoked: the cap counts these. */
export function countLiveTokens(em: EntityManager, userId: number): Promise<number> {
  return em.count(ApiToken, { userId, revokedAt: null });
}

/** Stores a new token (its hash only). */
export async function insertApiToken(em: EntityManager, token: { userId: number; name: string; scope: string; tokenHash: string; expiresAt: Date | null }): Promise<ApiToken> {
  const row = em.create(ApiToken, { ...token, lastUsedAt: null, revokedAt: null });
  await em.persist(row).flush();
  return row;
}

/** Revokes every token of a user that is not revoked yet. */
export async function revokeAllLiveTokens(em: EntityManager, userId: number): Promise<void> {
  await em.nativeUpdate(ApiToken, { userId, revokedAt: null }, { revokedAt: new Date() });
}

/** Revokes one token of a user if it is not revoked yet; whether it was. */
export async function revokeLiveToken(em: EntityManager, userId: number, id: number): Promise<boolean> {
  return (await em.nativeUpdate(ApiToken, { id, userId, revokedAt: null }, { revokedAt: new Date() })) > 0;
}
