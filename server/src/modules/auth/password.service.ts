// A password changed (your own, or an admin's for another user) or reset from a mailed link, and
// the link mailed. A new password ends the user's other sessions; a reset also ends every API token.
// The strength rule comes from the caller (users/password-strength.ts words a refusal in the reader's
// language); it is asked before anything is written, inside the reset's transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import { verify } from '@node-rs/argon2';
import { PASSWORD_RESET_TTL_SEC } from '@tracker/shared/limits';
import { revokeAllApiTokens } from '../api-tokens/api-tokens.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { passwordOwner, setPasswordHash } from '../users/password.repository.ts';
import { endSessions } from '../users/sessions.ts';
import { consumeToken, issueToken, type TokenCheck } from '../users/tokens.ts';
import type { User } from '../users/user.entity.ts';
import { hashPassword } from '../users/user.service.ts';
import { accountByEmail, accountById, accountWithPassword } from './accounts.repository.ts';

/** Refuses (throws) a password too weak for its owner: it must not be their address or name. */
export type StrengthCheck = (password: string, owner: { email?: string | null; name?: string | null; locale?: string | null }) => void;

export interface PasswordChange {
  userId: number;
  /** The user's own password: it needs the current one (a Telegram-only account has none to give). */
  own: boolean;
  currentPassword?: string | undefined;
  password: string;
  /** The session that stays signed in (the changer's own), null to end them all. */
  keepSessionId: string | null;
}

/** Sets a user's password and ends their other sessions; who may was checked by the caller. */
export async function changePassword(em: EntityManager, change: PasswordChange, assertStrong: StrengthCheck): Promise<'ok' | 'not_found' | 'wrong_password'> {
  const target = await accountWithPassword(em, change.userId);
  if (!target) return 'not_found';
  if (change.own && target.passwordHash) {
    const ok = await verify(target.passwordHash, change.currentPassword ?? '').catch(() => false);
    if (!ok) return 'wrong_password';
  }
  assertStrong(change.password, target);
  const passwordHash = await hashPassword(change.password);
  await em.transactional(async (tx) => {
    await setPasswordHash(tx as EntityManager, change.userId, passwordHash);
    await endSessions(tx as EntityManager, change.userId, change.keepSessionId);
  });
  return 'ok';
}

/** Mails a single-use reset link to the account with this address; an unknown address gets nothing, silently. */
export async function mailPasswordReset(em: EntityManager, mail: MailService, email: string): Promise<void> {
  const user = await accountByEmail(em, email);
  if (!user?.email) return;
  await em.transactional(async (tx) => {
    const token = await issueToken(tx as EntityManager, user.id, 'password_reset', PASSWORD_RESET_TTL_SEC);
    await mail.queueTemplate(tx as EntityManager, 'resetPassword', { email: user.email!, name: user.name, locale: user.locale }, `/user/reset-password?token=${encodeURIComponent(token)}`);
  });
}

export type PasswordReset = { status: 'ok'; user: User } | Exclude<TokenCheck, { status: 'ok' }>;

/**
 * Sets the password of the reset link's user: every session and API token of theirs ends (the
 * caller signs this browser in afresh). A refused password rolls the transaction back: the link
 * still works for a better one.
 */
export async function resetPassword(em: EntityManager, token: string, password: string, assertStrong: StrengthCheck): Promise<PasswordReset> {
  const passwordHash = await hashPassword(password);
  const result = await em.transactional(async (tx) => {
    const t = tx as EntityManager;
    const check = await consumeToken(t, token, 'password_reset');
    if (check.status !== 'ok') return check;
    assertStrong(password, (await passwordOwner(t, check.userId)) ?? {});
    await setPasswordHash(t, check.userId, passwordHash);
    await endSessions(t, check.userId);
    await revokeAllApiTokens(t, check.userId);
    return check;
  });
  if (result.status !== 'ok') return result;
  return { status: 'ok', user: await accountById(em, result.userId) };
}
