// The statements of a call made with a personal access token (bearer.ts): the token with its owner's
// row in one statement, and when it was last used. Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiTokenScope } from '@tracker/shared/api/api-tokens';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { profileZoneSql } from '../../db/local-date.ts';

const secondsAgo = (secs: number) => sql<string>`now() - make_interval(secs => ${secs})`;

/**
 * The token with this hash — its id, scope, whether it is revoked or expired, whether its last use
 * is older than `staleAfterSec` — and its owner's row (`u.*` and the profile's `time_zone`).
 */
export function tokenWithOwner(em: EntityManager, tokenHash: string, staleAfterSec: number) {
  return kysely(em)
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select((eb) => [
      't.id as token_id',
      't.scope as token_scope',
      eb('t.revoked_at', 'is not', null).$castTo<boolean>().as('token_revoked'),
      sql<boolean>`coalesce(t.expires_at <= now(), false)`.as('token_expired'),
      sql<boolean>`coalesce(t.last_used_at < ${secondsAgo(staleAfterSec)}, true)`.as('token_stale'),
    ])
    .selectAll('u')
    .select(sql.raw<string | null>(profileZoneSql('u.id')).as('time_zone'))
    .$narrowType<{ token_scope: ApiTokenScope }>()
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used now, unless another call did within `everySec`. */
export async function touchToken(em: EntityManager, tokenId: number, everySec: number): Promise<void> {
  await kysely(em)
    .updateTable('api_tokens')
    .set({ last_used_at: sql<string>`now()` })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', secondsAgo(everySec))]))
    .execute();
}
