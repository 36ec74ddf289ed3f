import { Migration } from '@mikro-orm/migrations';

// Accounts: single-use tokens (e-mail confirmation, password reset), SMS codes, reminder showings,
// avatars, and the PostgreSQL job queue that sends mail.
export class Migration20261122300000_accounts extends Migration {
  override name = 'Migration20261122300000_accounts';

  override up(): void {
    this.addSql(`alter table users add column avatar_key varchar(32) null;`);
    this.addSql(`
      create table user_tokens (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        kind varchar(20) not null check (kind in ('email_confirm', 'password_reset')),
        token_hash char(64) not null unique,
        email varchar(254) null,
        expires_at timestamptz not null,
        used_at timestamptz null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index user_tokens_user_kind on user_tokens (user_id, kind);`);
    this.addSql(`
      create table phone_codes (
        user_id int primary key references users(id) on delete cascade,
        phone varchar(20) not null,
        code_hash char(64) not null,
        attempts int not null default 0,
        expires_at timestamptz not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table reminders (
        user_id int not null references users(id) on delete cascade,
        kind varchar(10) not null check (kind in ('email', 'phone')),
        shown_count int not null default 0,
        last_shown_at timestamptz null,
        next_show_at timestamptz not null,
        primary key (user_id, kind)
      );`);
    this.addSql(`
      create table jobs (
        id bigserial primary key,
        kind varchar(50) not null,
        payload jsonb not null,
        attempts int not null default 0,
        max_attempts int not null default 8,
        run_at timestamptz not null default now(),
        locked_until timestamptz null,
        last_error text null,
        failed_at timestamptz null,
        created_at timestamptz not null default now()
      );`);
    // The worker's claim query: due, not failed for good.
    this.addSql(`create index jobs_due on jobs (run_at) where failed_at is null;`);
  }

  override down(): void {
    this.addSql('drop table if exists jobs, reminders, phone_codes, user_tokens cascade;');
    this.addSql('alter table users drop column if exists avatar_key;');
  }
}
