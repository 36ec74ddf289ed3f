// Personal access tokens: made, listed and revoked by their owner in a session. Only the SHA-256 of
// a token is stored, so a database leak gives no working token.
import type { EntityManager } from '@mikro-orm/postgresql';
import { API_TOKEN_PREFIX, API_TOKENS_PER_USER, type ApiToken as ApiTokenDto, type ApiTokenScope, type CreateApiTokenRequest } from '@tracker/shared/api/api-tokens';
import { DomainError, notFound } from '@tracker/shared/domain-errors';
import { randomBytes } from 'node:crypto';
import type { ApiToken } from './api-token.entity.ts';
import { countLiveTokens, insertApiToken, liveTokensOf, lockTokenOwner, revokeLiveToken, revokeAllLiveTokens } from './api-tokens.repository.ts';
import { hashSecretToken } from '../../secret-token.ts';

export const toApiTokenDto = (t: ApiToken): ApiTokenDto => ({
  id: t.id,
  name: t.name,
  scope: t.scope as ApiTokenScope,
  createdAt: t.createdAt.toISOString(),
  expiresAt: t.expiresAt?.toISOString() ?? null,
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
});

/** The owner's live tokens (revoked ones are gone for them; expired ones stay listed until revoked), newest first. */
export async function listApiTokens(em: EntityManager, userId: number): Promise<ApiTokenDto[]> {
  const rows = await liveTokensOf(em, userId);
  return rows.map(toApiTokenDto);
}

/** Makes a token; the secret is returned this once. */
export async function createApiToken(em: EntityManager, userId: number, input: CreateApiTokenRequest): Promise<{ token: string; apiToken: ApiTokenDto }> {
  return em.transactional(async (tx) => {
    // Serialises one person's creations, so the cap holds under concurrent requests.
    await lockTokenOwner(tx, userId);
    const live = await countLiveTokens(tx, userId);
    if (live >= API_TOKENS_PER_USER) throw new DomainError('conflict', { key: 'errors.apiTokens.tooMany', params: { count: API_TOKENS_PER_USER } });
    const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const row = await insertApiToken(tx, {
      userId,
      name: input.name,
      scope: input.scope,
      tokenHash: hashSecretToken(token),
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    return { token, apiToken: toApiTokenDto(row) };
  });
}

/**
 * Revokes every live token of a user: their password was reset or they were blocked. A revoked token
 * stays revoked, so unblocking revives none; calendar feeds made with one die with it.
 */
export async function revokeAllApiTokens(em: EntityManager, userId: number): Promise<void> {
  await revokeAllLiveTokens(em, userId);
}

/** Revokes one of the owner's tokens at once; someone else's (or an unknown one) is a 404. */
export async function revokeApiToken(em: EntityManager, userId: number, id: number): Promise<void> {
  if (!(await revokeLiveToken(em, userId, id))) throw notFound('apiToken');
}
