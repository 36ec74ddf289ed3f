// Whether a credential still lets its holder in: the statement a live stream runs before it sends.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Credential } from '../../http/credential.ts';
import { userCanViewProjectSql } from '../projects/project-access.ts';

/**
 * `holds`: the session exists and has not expired, or the token is neither revoked nor expired, and
 * the user is not blocked. `sees`: they may also see project `projectId` (true when null). One
 * statement, as it runs for every event every open stream sends.
 */
export async function credentialAllows(em: EntityManager, credential: Credential, projectId: number | null): Promise<{ holds: boolean; sees: boolean }> {
  const holder =
    credential.tokenId !== undefined
      ? {
          sql: `select u.* from api_tokens t join users u on u.id = t.user_id
                 where t.id = ? and t.user_id = ? and t.revoked_at is null and (t.expires_at is null or t.expires_at > now()) and u.blocked_at is null`,
          params: [credential.tokenId, credential.userId],
        }
      : {
          sql: `select u.* from sessions s join users u on u.id = s.user_id
                 where s.id = ? and s.user_id = ? and s.expires_at > now() and u.blocked_at is null`,
          params: [credential.sessionId, credential.userId],
        };
  const [row] = await em.execute<{ holds: boolean; sees: boolean }[]>(
    `with u as (${holder.sql})
     select exists (select 1 from u) as holds,
            (?::int is null or exists (select 1 from u join projects p on p.id = ?::int where ${userCanViewProjectSql('u', 'p')})) as sees`,
    [...holder.params, projectId, projectId],
  );
  return { holds: row?.holds === true, sees: row?.sees === true };
}
