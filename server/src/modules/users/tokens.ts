// Single-use tokens mailed as links: only their SHA-256 is stored, so a database leak reveals no
// working link; checking one marks it used in the same statement (no double use under races).
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashSecretToken } from '../../secret-token.ts';

export type TokenKind = 'email_confirm' | 'password_reset' | 'email_restore';
export type TokenCheck = { status: 'ok'; userId: number; email: string | null } | { status: 'invalid' | 'expired' | 'used' };


/**
 * Issues a new token. A new reset link revokes earlier ones; earlier confirmation links keep
 * working (they confirm the same address, and only while it is still the user's).
 */
export async function issueToken(em: EntityManager, userId: number, kind: TokenKind, ttlSec: number, email: string | null = null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (kind === 'password_reset') await em.execute(`update user_tokens set used_at = now() where user_id = ? and kind = ? and used_at is null`, [userId, kind]);
  await em.execute(`insert into user_tokens (user_id, kind, token_hash, email, expires_at) values (?, ?, ?, ?, now() + make_interval(secs => ?))`, [
    userId,
    kind,
    hashSecretToken(token),
    email,
    ttlSec,
  ]);
  return token;
}

/** Uses up every unused link of the user (the account was taken back: nothing mailed before may act). */
export async function burnTokens(em: EntityManager, userId: number): Promise<void> {
  await em.execute('update user_tokens set used_at = now() where user_id = ? and used_at is null', [userId]);
}

/** Uses the token if it is valid; otherwise says why not. */
export async function consumeToken(em: EntityManager, token: string, kind: TokenKind): Promise<TokenCheck> {
  const hash = hashSecretToken(token);
  const used = await em.execute<{ user_id: number; email: string | null }[]>(
    `update user_tokens set used_at = now() where token_hash = ? and kind = ? and used_at is null and expires_at > now() returning user_id, email`,
    [hash, kind],
  );
  if (used[0]) return { status: 'ok', userId: used[0].user_id, email: used[0].email };
  const rows = await em.execute<{ used: boolean; expired: boolean }[]>(
    `select used_at is not null as used, expires_at <= now() as expired from user_tokens where token_hash = ? and kind = ?`,
    [hash, kind],
  );
  const row = rows[0];
  if (!row) return { status: 'invalid' };
  return { status: row.used ? 'used' : 'expired' };
}
