// Single-use tokens mailed as links: only their SHA-256 is stored, so a database leak reveals no
// working link; checking one marks it used in the same statement (no double use under races).
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashSecretToken } from '../../secret-token.ts';
import { insertToken, tokenState, useToken, useUpTokens } from './tokens.repository.ts';

export type TokenKind = 'email_confirm' | 'password_reset' | 'email_restore';
export type TokenCheck = { status: 'ok'; userId: number; email: string | null } | { status: 'invalid' | 'expired' | 'used' };


/**
 * Issues a new token. A new reset link revokes earlier ones; earlier confirmation links keep
 * working (they confirm the same address, and only while it is still the user's).
 */
export async function issueToken(em: EntityManager, userId: number, kind: TokenKind, ttlSec: number, email: string | null = null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (kind === 'password_reset') await useUpTokens(em, userId, kind);
  await insertToken(em, { userId, kind, hash: hashSecretToken(token), email, ttlSec });
  return token;
}

/** Uses up every unused link of the user (the account was taken back: nothing mailed before may act). */
export async function burnTokens(em: EntityManager, userId: number): Promise<void> {
  await useUpTokens(em, userId);
}

/** Uses the token if it is valid; otherwise says why not. */
export async function consumeToken(em: EntityManager, token: string, kind: TokenKind): Promise<TokenCheck> {
  const hash = hashSecretToken(token);
  const used = await useToken(em, hash, kind);
  if (used) return { status: 'ok', userId: used.user_id, email: used.email };
  const row = await tokenState(em, hash, kind);
  if (!row) return { status: 'invalid' };
  return { status: row.used ? 'used' : 'expired' };
}
