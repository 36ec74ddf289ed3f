import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions, tokens and live streams end together (issue 25).
 *
 * - Every change that can end someone's access notifies `tracker_access` with their user id, on
 *   commit: a session deleted (sign-out, password change or reset, blocking) or moved to another
 *   user, a token revoked, expired or deleted, a user blocked or deleted. Each server process
 *   listens once and has that user's open streams check their credential again, so a stream on any
 *   replica ends within a moment. Triggers rather than calls in services: no path that ends access
 *   can forget to say so.
 * - A calendar feed made with a personal access token names it, and works only while the token does.
 * - `email_restore`: the single-use link mailed to the old address when the e-mail changes.
 */
const NOTIFY = [
  `create trigger access_ended after delete on sessions for each row when (old.user_id is not null) execute function notify_access('user_id');`,
  `create trigger access_moved after update of user_id on sessions for each row when (old.user_id is distinct from new.user_id and old.user_id is not null) execute function notify_access('user_id');`,
  `create trigger access_ended after delete on api_tokens for each row execute function notify_access('user_id');`,
  `create trigger access_changed after update of revoked_at, expires_at on api_tokens for each row
     when (old.revoked_at is distinct from new.revoked_at or old.expires_at is distinct from new.expires_at) execute function notify_access('user_id');`,
  `create trigger access_ended after delete on users for each row execute function notify_access('id');`,
  `create trigger access_changed after update of blocked_at on users for each row when (old.blocked_at is distinct from new.blocked_at) execute function notify_access('id');`,
];

export class Migration20261205100000_access_ends extends Migration {
  override name = 'Migration20261205100000_access_ends';

  override up(): void {
    this.addSql(`
      create function notify_access() returns trigger language plpgsql as $$
      begin
        -- The old row's user: whoever held the access that just ended or changed.
        perform pg_notify('tracker_access', to_jsonb(old) ->> TG_ARGV[0]);
        return null;
      end $$;`);
    for (const sql of NOTIFY) this.addSql(sql);
    this.addSql(`alter table calendar_feeds add column api_token_id int null references api_tokens(id) on delete cascade;`);
    this.addSql(`alter table user_tokens drop constraint user_tokens_kind_check;`);
    this.addSql(`alter table user_tokens add constraint user_tokens_kind_check check (kind in ('email_confirm', 'password_reset', 'email_restore'));`);
  }

  override down(): void {
    this.addSql(`delete from user_tokens where kind = 'email_restore';`);
    this.addSql(`alter table user_tokens drop constraint user_tokens_kind_check;`);
    this.addSql(`alter table user_tokens add constraint user_tokens_kind_check check (kind in ('email_confirm', 'password_reset'));`);
    this.addSql(`alter table calendar_feeds drop column api_token_id;`);
    for (const [trigger, table] of [
      ['access_ended', 'sessions'],
      ['access_moved', 'sessions'],
      ['access_ended', 'api_tokens'],
      ['access_changed', 'api_tokens'],
      ['access_ended', 'users'],
      ['access_changed', 'users'],
    ]) {
      this.addSql(`drop trigger ${trigger} on ${table};`);
    }
    this.addSql(`drop function notify_access();`);
  }
}
