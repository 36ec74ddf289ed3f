// The mailed single-use tokens (user_tokens, by SHA-256 only): typed statements (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

const now = () => sql<string>`now()`;

/** Marks every unused token of the user (of `kind`, if given) used. */
export async function useUpTokens(em: EntityManager, userId: number, kind?: string): Promise<void> {
  await kysely(em)
    .updateTable('user_tokens')
    .set({ used_at: now() })
    .where('user_id', '=', userId)
    .$if(kind !== undefined, (qb) => qb.where('kind', '=', kind!))
    .where('used_at', 'is', null)
    .execute();
}

/** Stores a new token's hash, valid for `ttlSec` from now. */
export async function insertToken(em: EntityManager, token: { userId: number; kind: string; hash: string; email: string | null; ttlSec: number }): Promise<void> {
  await kysely(em)
    .insertInto('user_tokens')
    .values({
      user_id: token.userId,
      kind: token.kind,
      token_hash: token.hash,
      email: token.email,
      expires_at: sql<string>`now() + make_interval(secs => ${token.ttlSec})`,
    })
    .execute();
}

/** Marks the token used if it is unused and unexpired, in one statement; its user and address then. */
export function useToken(em: EntityManager, hash: string, kind: string): Promise<{ user_id: number; email: string | null } | undefined> {
  return kysely(em)
    .updateTable('user_tokens')
    .set({ used_at: now() })
    .where('token_hash', '=', hash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now())
    .returning(['user_id', 'email'])
    .executeTakeFirst();
}

/** Why a token cannot be used: whether it was used, whether it expired (undefined: no such token). */
export function tokenState(em: EntityManager, hash: string, kind: string): Promise<{ used: boolean; expired: boolean } | undefined> {
  return kysely(em)
    .selectFrom('user_tokens')
    .select((eb) => [eb('used_at', 'is not', null).$castTo<boolean>().as('used'), eb('expires_at', '<=', now()).$castTo<boolean>().as('expired')])
    .where('token_hash', '=', hash)
    .where('kind', '=', kind)
    .executeTakeFirst();
}
