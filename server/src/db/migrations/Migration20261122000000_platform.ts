import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_platform extends Migration {
  override name = 'Migration20261122000000_platform';

  override up(): void {
    this.addSql(`
      create table users (
        id serial primary key,
        name varchar(100) not null,
        email varchar(254) null,
        email_confirmed_at timestamptz null,
        phone varchar(20) null,
        phone_confirmed_at timestamptz null,
        password_hash varchar(255) null,
        roles text[] not null default '{}',
        locale varchar(5) not null default 'ru',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index users_email_lower_unique on users (lower(email));`);
    this.addSql(`
      create table sessions (
        id varchar(255) primary key,
        user_id int null references users(id) on delete cascade,
        data jsonb not null,
        expires_at timestamptz not null
      );`);
    this.addSql(`create index sessions_user_id_index on sessions (user_id);`);
    this.addSql(`create index sessions_expires_at_index on sessions (expires_at);`);
    this.addSql(`
      create table rate_limits (
        key varchar(300) primary key,
        window_start timestamptz not null,
        count int not null
      );`);
    this.addSql(`
      create table redirects (
        id serial primary key,
        from_path varchar(2000) not null unique,
        "to" varchar(2000) not null,
        permanent boolean not null default false,
        enabled boolean not null default true,
        created_at timestamptz not null default now()
      );`);
  }

  override down(): void {
    this.addSql('drop table if exists redirects, rate_limits, sessions, users cascade;');
  }
}
