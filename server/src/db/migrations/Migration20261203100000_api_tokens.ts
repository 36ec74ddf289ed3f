import { Migration } from '@mikro-orm/migrations';

/**
 * Personal access tokens (issue 17, item 3). Only the SHA-256 of a token is kept; a revoked row stays
 * so a caller of a revoked token is told so. `last_used_at` is written at most once a minute.
 */
export class Migration20261203100000_api_tokens extends Migration {
  override name = 'Migration20261203100000_api_tokens';

  override up(): void {
    this.addSql(`
      create table api_tokens (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        name varchar(100) not null,
        scope varchar(5) not null check (scope in ('read', 'write')),
        token_hash varchar(64) not null unique,
        expires_at timestamptz null,
        last_used_at timestamptz null,
        revoked_at timestamptz null,
        created_at timestamptz not null default now()
      );`);
    this.addSql('create index api_tokens_user on api_tokens (user_id) where revoked_at is null;');
  }

  override down(): void {
    this.addSql('drop table if exists api_tokens;');
  }
}
