import { Migration } from '@mikro-orm/migrations';

/**
 * Per-project data versions for the response cache (issue 13): any write that can change what a
 * project's issue lists or issue pages show takes a new version for that project, in the same
 * transaction (so a rollback takes it back, and no reader ever sees a version its data has not),
 * whichever process, job or psql session writes. Versions come from sequences, so a number is
 * never handed out twice; each is owned by its column, so a restore (db/backup.ts) continues it. Names of users and streams, shown on every project's pages, share one
 * version row (`shared_data_version`); only a change of a shown column takes a new one.
 *
 * Statement-level triggers with transition tables cost one update per statement, not per row. The
 * trigger's argument is the SELECT of affected project ids from `{t}` (the changed rows).
 *
 * The global `tracker_data_changed` NOTIFY triggers of the old read cache go: nothing listens any more.
 */
const PER_PROJECT: Record<string, string> = {
  projects: 'select id from {t}',
  project_members: 'select project_id from {t}',
  statuses: 'select project_id from {t}',
  labels: 'select project_id from {t}',
  custom_field_projects: 'select project_id from {t}',
  issues: 'select project_id from {t}',
  comments: 'select i.project_id from {t} x join issues i on i.id = x.issue_id',
  attachments: 'select i.project_id from {t} x join issues i on i.id = x.issue_id',
  issue_labels: 'select i.project_id from {t} x join issues i on i.id = x.issue_id',
  issue_streams: 'select i.project_id from {t} x join issues i on i.id = x.issue_id',
  issue_watchers: 'select i.project_id from {t} x join issues i on i.id = x.issue_id',
  issue_relations: 'select i.project_id from {t} x join issues i on i.id in (x.from_issue_id, x.to_issue_id)',
};

const OLD_WATCHED = `c.relname not in ('rate_limits', 'mikro_orm_migrations')`;

export class Migration20261127100000_data_versions extends Migration {
  override name = 'Migration20261127100000_data_versions';

  override up(): void {
    this.addSql(`
      do $$ declare r record; begin
        for r in select t.tgname, t.tgrelid::regclass as tbl from pg_trigger t where t.tgfoid = 'tracker_data_changed'::regproc loop
          execute format('drop trigger %I on %s', r.tgname, r.tbl);
        end loop;
      end $$;`);
    this.addSql(`drop function tracker_watch_table(regclass);`);
    this.addSql(`drop function tracker_data_changed();`);

    this.addSql(`create sequence data_version_seq;`);
    this.addSql(`
      create table project_data_versions (
        project_id int primary key references projects(id) on delete cascade,
        version bigint not null default nextval('data_version_seq')
      );`);
    this.addSql(`alter sequence data_version_seq owned by project_data_versions.version;`);
    this.addSql(`insert into project_data_versions (project_id) select id from projects;`);
    this.addSql(`create sequence shared_data_version_seq;`);
    this.addSql(`
      create table shared_data_version (
        id boolean primary key default true check (id),
        version bigint not null default nextval('shared_data_version_seq')
      );`);
    this.addSql(`alter sequence shared_data_version_seq owned by shared_data_version.version;`);
    this.addSql(`insert into shared_data_version default values;`);

    this.addSql(`
      create function bump_project_versions() returns trigger language plpgsql as $$
      declare
        ids text := TG_ARGV[0];
      begin
        if TG_OP = 'INSERT' then ids := replace(ids, '{t}', 'new_rows');
        elsif TG_OP = 'DELETE' then ids := replace(ids, '{t}', 'old_rows');
        else ids := replace(ids, '{t}', 'new_rows') || ' union ' || replace(ids, '{t}', 'old_rows');
        end if;
        execute 'update project_data_versions set version = nextval(''data_version_seq'') where project_id in (' || ids || ')';
        return null;
      end $$;`);
    this.addSql(`
      create function add_project_versions() returns trigger language plpgsql as $$
      begin
        insert into project_data_versions (project_id) select id from new_rows;
        return null;
      end $$;`);
    this.addSql(`
      create function bump_shared_version() returns trigger language plpgsql as $$
      begin
        update shared_data_version set version = nextval('shared_data_version_seq');
        return null;
      end $$;`);

    this.addSql(`create trigger projects_add_version after insert on projects referencing new table as new_rows for each statement execute function add_project_versions();`);
    for (const [table, ids] of Object.entries(PER_PROJECT)) {
      const arg = `'${ids.replace(/'/g, "''")}'`;
      for (const [event, refs] of [['insert', 'new table as new_rows'], ['update', 'old table as old_rows new table as new_rows'], ['delete', 'old table as old_rows']] as const) {
        // A new project has no version row yet when its own insert trigger runs; the add trigger makes it.
        if (table === 'projects' && event === 'insert') continue;
        this.addSql(`create trigger ${table}_version_${event} after ${event} on ${table} referencing ${refs} for each statement execute function bump_project_versions(${arg});`);
      }
    }
    this.addSql(`create trigger users_shared_version after update of name on users for each row when (old.name is distinct from new.name) execute function bump_shared_version();`);
    this.addSql(`create trigger streams_shared_version after update of name on streams for each row when (old.name is distinct from new.name) execute function bump_shared_version();`);
  }

  override down(): void {
    for (const table of Object.keys(PER_PROJECT)) {
      for (const event of ['insert', 'update', 'delete']) this.addSql(`drop trigger if exists ${table}_version_${event} on ${table};`);
    }
    this.addSql(`drop trigger projects_add_version on projects;`);
    this.addSql(`drop trigger users_shared_version on users;`);
    this.addSql(`drop trigger streams_shared_version on streams;`);
    this.addSql(`drop function bump_project_versions(), add_project_versions(), bump_shared_version();`);
    // The sequences go with the columns that own them.
    this.addSql(`drop table project_data_versions, shared_data_version;`);
    this.addSql(`
      create function tracker_data_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('tracker_data_changed', '');
        return null;
      end $$;`);
    this.addSql(`
      create function tracker_watch_table(t regclass) returns void language plpgsql as $$
      begin
        execute format('create trigger %I after insert or update or delete or truncate on %s for each statement execute function tracker_data_changed()',
                       'data_changed_' || replace(t::text, '.', '_'), t);
      end $$;`);
    this.addSql(`
      select tracker_watch_table(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind = 'r' and ${OLD_WATCHED};`);
  }
}
