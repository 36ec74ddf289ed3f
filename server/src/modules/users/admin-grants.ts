// ADMIN_EMAILS (issue 11, H1): the role goes only to a confirmed address, once per user and
// address (admin_email_grants records it), so a revocation stays revoked. A role that came from an
// address goes away when that address is replaced — unless an admin has set the role by hand since.
import type { EntityManager } from '@mikro-orm/postgresql';

/** Grants admin if the user's confirmed e-mail is listed and was never granted before; true if it did. */
export async function grantAdminFromEmail(em: EntityManager, userId: number, adminEmails: readonly string[]): Promise<boolean> {
  if (adminEmails.length === 0) return false;
  const rows = await em.execute<{ id: number }[]>(
    `with granted as (
       insert into admin_email_grants (user_id, email)
       select id, lower(email) from users
        where id = ? and email is not null and email_confirmed_at is not null and lower(email) in (select jsonb_array_elements_text(?::jsonb))
       on conflict do nothing
       returning user_id
     )
     update users set roles = case when 'admin' = any(roles) then roles else array_append(roles, 'admin') end, updated_at = now()
      where id in (select user_id from granted) returning id`,
    [userId, JSON.stringify(adminEmails.map((e) => e.toLowerCase()))],
  );
  return rows.length > 0;
}

/** The user's address `oldEmail` is being replaced: a role it gave (and nobody re-set since) goes. */
export async function dropAdminFromEmail(em: EntityManager, userId: number, oldEmail: string): Promise<void> {
  await em.execute(
    `with released as (
       update admin_email_grants set holds_role = false
        where user_id = ? and email = lower(?) and holds_role returning user_id
     )
     update users set roles = array_remove(roles, 'admin'), updated_at = now() where id in (select user_id from released)`,
    [userId, oldEmail],
  );
}

/** An admin (web or CLI) set the role by hand: it no longer stems from any address. */
export async function adminRoleSetByHand(em: EntityManager, userId: number): Promise<void> {
  await em.execute('update admin_email_grants set holds_role = false where user_id = ? and holds_role', [userId]);
}
