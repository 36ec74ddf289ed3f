import { Migration } from '@mikro-orm/migrations';

/**
 * Telegram sign-in: the Telegram account linked to a user (one each way), the init data / Login
 * Widget hashes already used to sign in (replay refusal; kept for the accepted age window only),
 * and the one-time tokens of `t.me/<bot>?start=link_<token>` links (stored hashed).
 */
export class Migration20261122500000_telegram extends Migration {
  override name = 'Migration20261122500000_telegram';

  override up(): void {
    this.addSql(`
      create table telegram_accounts (
        telegram_id bigint primary key,
        user_id int not null unique references users(id) on delete cascade,
        username varchar(64) null,
        first_name varchar(128) not null default '',
        last_name varchar(128) null,
        language_code varchar(16) null,
        is_premium boolean not null default false,
        photo_url varchar(2000) null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table telegram_auth_used (
        key varchar(200) primary key,
        used_at timestamptz not null default now()
      );`);
    this.addSql(`create index telegram_auth_used_used_at on telegram_auth_used (used_at);`);
    this.addSql(`
      create table telegram_link_tokens (
        token_hash varchar(64) primary key,
        user_id int not null references users(id) on delete cascade,
        expires_at timestamptz not null,
        status varchar(16) not null default 'pending',
        telegram_id bigint null,
        username varchar(64) null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index telegram_link_tokens_user on telegram_link_tokens (user_id);`);
    this.addSql(`select tracker_watch_table('telegram_accounts');`);
    this.addSql(`select tracker_watch_table('telegram_auth_used');`);
    this.addSql(`select tracker_watch_table('telegram_link_tokens');`);
  }

  override down(): void {
    this.addSql('drop table if exists telegram_link_tokens;');
    this.addSql('drop table if exists telegram_auth_used;');
    this.addSql('drop table if exists telegram_accounts;');
  }
}
