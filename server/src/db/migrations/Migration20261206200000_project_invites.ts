import { Migration } from '@mikro-orm/migrations';

/**
 * Invites to a project (issue 26): by e-mail or as a link (also the bot's `join_<token>` deep link).
 * Only the token's hash is kept, as for the other one-time tokens; the link is shown once, when made.
 */
export class Migration20261206200000_project_invites extends Migration {
  override name = 'Migration20261206200000_project_invites';

  override up(): void {
    this.addSql(`
      create table project_invites (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        token_hash char(64) not null unique,
        kind varchar(10) not null check (kind in ('email', 'link')),
        email varchar(255) null,
        role varchar(10) not null check (role in ('owner', 'member', 'viewer')),
        max_uses int null check (max_uses > 0),
        uses int not null default 0,
        expires_at timestamptz not null,
        revoked_at timestamptz null,
        created_by int null references users(id) on delete set null,
        created_at timestamptz not null default now()
      );`);
    this.addSql('create index project_invites_project on project_invites (project_id, id desc);');
  }

  override down(): void {
    this.addSql('drop table project_invites;');
  }
}
