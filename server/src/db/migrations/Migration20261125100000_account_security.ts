import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 11 (H1, L3). ADMIN_EMAILS grants admin once per (user, address), and only to a confirmed address: the grants
 * made are recorded, so an admin's revocation is never undone by the next sign-in. A changed
 * e-mail waits in pending_email until its link is opened; the account keeps its old address
 * (to sign in with, and as the source of any role) until then.
 * login_failures: failed sign-ins per throttling key (account+IP, account, device), with the time
 * of the last one, from which the growing delay runs.
 */
export class Migration20261125100000_account_security extends Migration {
  override name = 'Migration20261125100000_account_security';

  override up(): void {
    this.addSql('alter table users add column pending_email varchar(254);');
    this.addSql(`
      create table admin_email_grants (
        user_id integer not null references users (id) on delete cascade,
        email varchar(254) not null,
        granted_at timestamptz not null default now(),
        -- The user's admin role still stems from this grant: false once an admin set the role by
        -- hand, so replacing the address does not take away a role given deliberately.
        holds_role boolean not null default true,
        primary key (user_id, email)
      );`);
    // Admins who got the role from ADMIN_EMAILS before this migration keep it; which address it
    // came from is unknown, so their current confirmed address counts as granted.
    this.addSql(`insert into admin_email_grants (user_id, email)
      select id, lower(email) from users where email is not null and email_confirmed_at is not null and 'admin' = any(roles);`);

    this.addSql(`select tracker_watch_table('admin_email_grants');`);
    // Not watched, like rate_limits: no cached read depends on it, and failed sign-ins must not empty every cache.
    this.addSql(`
      create table login_failures (
        key varchar(400) primary key,
        failures integer not null,
        last_failure_at timestamptz not null
      );`);
  }

  override down(): void {
    this.addSql('drop table login_failures;');
    this.addSql('drop table admin_email_grants;');
    this.addSql('alter table users drop column pending_email;');
  }
}
