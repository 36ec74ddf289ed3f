import { Migration } from '@mikro-orm/migrations';

/**
 * Issue templates per project (issue 17, point 6). `name_key` is the name lower-cased in JavaScript
 * (`toLocaleLowerCase('ru')`), so uniqueness ignores case for Cyrillic names whatever the
 * database's ctype is. Label ids are kept as an array: a deleted label simply stops being read.
 */
export class Migration20261203600000_issue_templates extends Migration {
  override name = 'Migration20261203600000_issue_templates';

  override up(): void {
    this.addSql(`
      create table issue_templates (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        name varchar(40) not null,
        name_key varchar(40) not null,
        title_pattern varchar(300) not null default '{title}',
        description text not null default '',
        label_ids int[] not null default '{}',
        priority smallint not null default 0 check (priority between 0 and 4),
        assignee_id int null references users(id) on delete set null,
        estimate numeric(8,2) null check (estimate >= 0),
        due_in_days int null check (due_in_days between 0 and 3650),
        custom_values jsonb not null default '{}',
        checklist jsonb not null default '[]',
        position int not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql('create unique index issue_templates_name_key on issue_templates (project_id, name_key);');
  }

  override down(): void {
    this.addSql('drop table if exists issue_templates;');
  }
}
