// ADMIN_EMAILS (issue 11, H1): the role goes only to a confirmed address, once per user and
// address (admin_email_grants records it), so a revocation stays revoked. A role that came from an
// address goes away when that address is replaced — unless an admin has set the role by hand since.
import type { EntityManager } from '@mikro-orm/postgresql';
import { grantAdminForListedEmail, releaseAdminGrants, releaseAdminOfEmail } from './admin-grants.repository.ts';

/** Grants admin if the user's confirmed e-mail is listed and was never granted before; true if it did. */
export async function grantAdminFromEmail(em: EntityManager, userId: number, adminEmails: readonly string[]): Promise<boolean> {
  if (adminEmails.length === 0) return false;
  return grantAdminForListedEmail(em, userId, adminEmails.map((e) => e.toLowerCase()));
}

/** The user's address `oldEmail` is being replaced: a role it gave (and nobody re-set since) goes. */
export async function dropAdminFromEmail(em: EntityManager, userId: number, oldEmail: string): Promise<void> {
  await releaseAdminOfEmail(em, userId, oldEmail);
}

/** An admin (web or CLI) set the role by hand: it no longer stems from any address. */
export async function adminRoleSetByHand(em: EntityManager, userId: number): Promise<void> {
  await releaseAdminGrants(em, userId);
}
