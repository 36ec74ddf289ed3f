import { Migration } from '@mikro-orm/migrations';
import { syncLogTrigger } from './Migration20261128300000_sync_log.ts';

/**
 * Cycles and milestones (issue 29).
 *
 * A cycle covers the days [starts_on, ends_on) in its time zone; an exclusion constraint keeps a
 * project's cycles from overlapping whoever writes. `cycle_issues` is each issue's membership
 * history (kept by a trigger, so every writer records it): a cycle's burndown and velocity are
 * counted from it, including the issues that rolled over to the next cycle at its end.
 * Both tables join the client store through the sync log, and issues gain `cycleId`/`milestoneId`
 * as fields of their own (versions, last-writer-wins).
 */
const VERSIONED_FIELDS: [string, string][] = [
  ['title', 'title'],
  ['description', 'description'],
  ['status_id', 'statusId'],
  ['priority', 'priority'],
  ['assignee_id', 'assigneeId'],
  ['start_date', 'startDate'],
  ['due_date', 'dueDate'],
  ['estimate', 'estimate'],
  ['parent_id', 'parentId'],
  ['custom_values', 'customValues'],
  ['cycle_id', 'cycleId'],
  ['milestone_id', 'milestoneId'],
];

const versionBump = (fields: [string, string][]) => `
  create or replace function issue_version_bump() returns trigger language plpgsql as $$
  declare
    changed jsonb := '{}'::jsonb;
  begin
    if (new.*) is not distinct from (old.*) then
      return new;
    end if;
    new.version := old.version + 1;
    ${fields.map(([column, field]) => `if new.${column} is distinct from old.${column} then changed := changed || jsonb_build_object('${field}', new.version); end if;`).join('\n    ')}
    -- A statement may stamp fields itself (labelIds, streamIds) with version + 1, the same number.
    new.field_versions := new.field_versions || changed;
    return new;
  end $$;`;

export class Migration20261210100000_cycles_milestones extends Migration {
  override name = 'Migration20261210100000_cycles_milestones';

  override up(): void {
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`
      create table project_cycle_settings (
        project_id int primary key references projects(id) on delete cascade,
        weeks smallint not null check (weeks between 1 and 4),
        start_day smallint not null check (start_day between 1 and 7),
        time_zone varchar(64) not null,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table cycles (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        number int not null,
        name varchar(100) null,
        starts_on date not null,
        ends_on date not null,
        time_zone varchar(64) not null,
        rolled_over_at timestamptz null,
        created_at timestamptz not null default now(),
        constraint cycles_number unique (project_id, number),
        constraint cycles_length check (ends_on > starts_on and ends_on - starts_on <= 28),
        constraint cycles_no_overlap exclude using gist (project_id with =, daterange(starts_on, ends_on) with &&)
      );`);
    // The roll-over job looks for ended cycles not rolled over yet.
    this.addSql(`create index cycles_to_roll on cycles (ends_on) where rolled_over_at is null;`);
    this.addSql(`
      create table milestones (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        name varchar(200) not null,
        target_date date not null,
        description text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index milestones_project on milestones (project_id, target_date);`);
    this.addSql(`
      alter table issues
        add column cycle_id int null references cycles(id) on delete set null,
        add column milestone_id int null references milestones(id) on delete set null;`);
    this.addSql(`create index issues_cycle on issues (cycle_id) where cycle_id is not null;`);
    this.addSql(`create index issues_milestone on issues (milestone_id) where milestone_id is not null;`);

    this.addSql(`
      create table cycle_issues (
        id bigserial primary key,
        cycle_id int not null references cycles(id) on delete cascade,
        issue_id int not null references issues(id) on delete cascade,
        added_at timestamptz not null default now(),
        removed_at timestamptz null
      );`);
    this.addSql(`create index cycle_issues_cycle on cycle_issues (cycle_id, issue_id);`);
    this.addSql(`create index cycle_issues_open on cycle_issues (issue_id) where removed_at is null;`);
    this.addSql(`
      create function cycle_issue_history() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'UPDATE' then
          if old.cycle_id is not distinct from new.cycle_id then return null; end if;
          update cycle_issues set removed_at = now() where issue_id = new.id and removed_at is null;
        end if;
        if new.cycle_id is not null then
          insert into cycle_issues (cycle_id, issue_id) values (new.cycle_id, new.id);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger issues_cycle_history after insert or update of cycle_id on issues for each row execute function cycle_issue_history();`);

    this.addSql(versionBump(VERSIONED_FIELDS));
    for (const sql of syncLogTrigger({ table: 'cycles', entity: 'cycle', id: 'r.id', project: 'r.project_id' })) this.addSql(sql);
    for (const sql of syncLogTrigger({ table: 'milestones', entity: 'milestone', id: 'r.id', project: 'r.project_id' })) this.addSql(sql);
  }

  override down(): void {
    this.addSql(versionBump(VERSIONED_FIELDS.filter(([c]) => c !== 'cycle_id' && c !== 'milestone_id')));
    this.addSql(`drop trigger issues_cycle_history on issues;`);
    this.addSql(`drop function cycle_issue_history();`);
    this.addSql(`drop table cycle_issues;`);
    this.addSql(`alter table issues drop column cycle_id, drop column milestone_id;`);
    this.addSql(`drop table milestones, cycles, project_cycle_settings;`);
    this.addSql(`drop function sync_log_cycles(), sync_log_milestones();`);
  }
}
