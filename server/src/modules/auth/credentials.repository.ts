// Whether a credential still lets its holder in: the statements a live stream runs before it sends.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Credential } from '../../http/credential.ts';

/** The session exists and has not expired, or the token is neither revoked nor expired; the user is not blocked. */
export async function credentialHolds(em: EntityManager, credential: Credential): Promise<boolean> {
  const rows = credential.tokenId !== undefined
    ? await em.execute(
        `select 1 from api_tokens t join users u on u.id = t.user_id
          where t.id = ? and t.user_id = ? and t.revoked_at is null and (t.expires_at is null or t.expires_at > now()) and u.blocked_at is null`,
        [credential.tokenId, credential.userId],
      )
    : await em.execute(
        `select 1 from sessions s join users u on u.id = s.user_id
          where s.id = ? and s.user_id = ? and s.expires_at > now() and u.blocked_at is null`,
        [credential.sessionId, credential.userId],
      );
  return rows.length > 0;
}
