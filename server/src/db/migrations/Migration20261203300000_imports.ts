import { Migration } from '@mikro-orm/migrations';

/**
 * Imports (issue 17). `imports` keeps each upload (its bytes, so the job can run after the request
 * and a page reopened later still finds it), its progress and its report. `issue_external_refs`
 * and `comment_external_refs` remember which issue or comment a source's id became, so importing
 * the same file again updates instead of duplicating.
 */
export class Migration20261203300000_imports extends Migration {
  override name = 'Migration20261203300000_imports';

  override up(): void {
    this.addSql(`
      create table imports (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        user_id int null references users(id) on delete set null,
        format varchar(20) not null,
        file_name varchar(255) not null default '',
        mapping jsonb not null default '{}',
        status varchar(20) not null check (status in ('queued', 'running', 'succeeded', 'failed', 'dry_run')),
        progress_done int not null default 0,
        progress_total int not null default 0,
        report jsonb null,
        preview jsonb null,
        file bytea null,
        locale varchar(5) not null default 'ru',
        created_at timestamptz not null default now(),
        finished_at timestamptz null
      );`);
    this.addSql('create index imports_project_created on imports (project_id, created_at desc);');
    this.addSql(`
      create table issue_external_refs (
        project_id int not null references projects(id) on delete cascade,
        source varchar(20) not null,
        external_id varchar(200) not null,
        issue_id int not null references issues(id) on delete cascade,
        primary key (project_id, source, external_id)
      );`);
    this.addSql('create index issue_external_refs_issue on issue_external_refs (issue_id);');
    this.addSql(`
      create table comment_external_refs (
        issue_id int not null references issues(id) on delete cascade,
        source varchar(20) not null,
        external_id varchar(200) not null,
        comment_id int not null references comments(id) on delete cascade,
        primary key (issue_id, source, external_id)
      );`);
  }

  override down(): void {
    this.addSql('drop table if exists comment_external_refs, issue_external_refs, imports;');
  }
}
