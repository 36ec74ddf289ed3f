import { Migration } from '@mikro-orm/migrations';

/**
 * Data versions are taken at commit, not at the write (issue 13). The statement-level triggers of
 * Migration20261127100000 updated a project's version row at the first write, so every writer in a
 * project held that row's lock to its end: a write that then waited for any other row lock could
 * deadlock. Seen as a 500: an issue created under a parent (projects counter → version row, then the
 * parent's key-share lock) against a bulk edit of that parent (the parent's row lock, then the
 * version row).
 *
 * Deferred constraint triggers run when the transaction commits, after all its other locks are
 * taken, so a version row is held only for the commit itself. They are row-level (PostgreSQL has no
 * deferred statement triggers); a transaction-local setting per project makes every row after the
 * first of a project cost one `current_setting`. The version still changes in the writing
 * transaction: a rollback takes it back, and no reader sees data without its version.
 */
const BY_COLUMN: Record<string, 'project' | 'issue' | 'relation' | 'self'> = {
  projects: 'self',
  project_members: 'project',
  statuses: 'project',
  labels: 'project',
  custom_field_projects: 'project',
  issues: 'project',
  comments: 'issue',
  attachments: 'issue',
  issue_labels: 'issue',
  issue_streams: 'issue',
  issue_watchers: 'issue',
  issue_relations: 'relation',
};

const FUNCTIONS = {
  self: `perform bump_project_version(r.id);`,
  project: `perform bump_project_version(r.project_id);`,
  // At commit an issue deleted in the same transaction is gone; its own delete took the version.
  issue: `perform bump_project_version((select project_id from issues where id = r.issue_id));`,
  relation: `perform bump_project_version((select project_id from issues where id = r.from_issue_id));
             perform bump_project_version((select project_id from issues where id = r.to_issue_id));`,
};

export class Migration20261128100000_versions_at_commit extends Migration {
  override name = 'Migration20261128100000_versions_at_commit';

  override up(): void {
    for (const table of Object.keys(BY_COLUMN)) {
      for (const event of ['insert', 'update', 'delete']) this.addSql(`drop trigger if exists ${table}_version_${event} on ${table};`);
    }
    this.addSql(`drop trigger users_shared_version on users;`);
    this.addSql(`drop trigger streams_shared_version on streams;`);
    this.addSql(`drop function bump_project_versions(), bump_shared_version();`);

    this.addSql(`
      create function bump_project_version(pid int) returns void language plpgsql as $$
      begin
        if pid is null or current_setting('tracker.version_' || pid, true) = '1' then return; end if;
        update project_data_versions set version = nextval('data_version_seq') where project_id = pid;
        perform set_config('tracker.version_' || pid, '1', true);
      end $$;`);
    for (const [kind, body] of Object.entries(FUNCTIONS)) {
      this.addSql(`
        create function bump_versions_by_${kind}() returns trigger language plpgsql as $$
        declare r record;
        begin
          if TG_OP <> 'DELETE' then r := new; ${body} end if;
          if TG_OP <> 'INSERT' then r := old; ${body} end if;
          return null;
        end $$;`);
    }
    this.addSql(`
      create function bump_shared_version() returns trigger language plpgsql as $$
      begin
        if current_setting('tracker.version_shared', true) = '1' then return null; end if;
        update shared_data_version set version = nextval('shared_data_version_seq');
        perform set_config('tracker.version_shared', '1', true);
        return null;
      end $$;`);

    for (const [table, kind] of Object.entries(BY_COLUMN)) {
      // A project's version row is made by its insert (projects_add_version, kept).
      const events = table === 'projects' ? 'update or delete' : 'insert or update or delete';
      this.addSql(
        `create constraint trigger ${table}_data_version after ${events} on ${table} deferrable initially deferred for each row execute function bump_versions_by_${kind}();`,
      );
    }
    this.addSql(
      `create constraint trigger users_shared_version after update of name on users deferrable initially deferred for each row when (old.name is distinct from new.name) execute function bump_shared_version();`,
    );
    this.addSql(
      `create constraint trigger streams_shared_version after update of name on streams deferrable initially deferred for each row when (old.name is distinct from new.name) execute function bump_shared_version();`,
    );
  }

  override down(): void {
    for (const table of Object.keys(BY_COLUMN)) this.addSql(`drop trigger ${table}_data_version on ${table};`);
    this.addSql(`drop trigger users_shared_version on users;`);
    this.addSql(`drop trigger streams_shared_version on streams;`);
    this.addSql(`drop function ${Object.keys(FUNCTIONS).map((k) => `bump_versions_by_${k}()`).join(', ')}, bump_project_version(int), bump_shared_version();`);
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
      create function bump_shared_version() returns trigger language plpgsql as $$
      begin
        update shared_data_version set version = nextval('shared_data_version_seq');
        return null;
      end $$;`);
    const ids: Record<string, string> = {
      self: 'select id from {t}',
      project: 'select project_id from {t}',
      issue: 'select i.project_id from {t} x join issues i on i.id = x.issue_id',
      relation: 'select i.project_id from {t} x join issues i on i.id in (x.from_issue_id, x.to_issue_id)',
    };
    for (const [table, kind] of Object.entries(BY_COLUMN)) {
      const arg = `'${ids[kind]!.replace(/'/g, "''")}'`;
      for (const [event, refs] of [['insert', 'new table as new_rows'], ['update', 'old table as old_rows new table as new_rows'], ['delete', 'old table as old_rows']] as const) {
        if (table === 'projects' && event === 'insert') continue;
        this.addSql(`create trigger ${table}_version_${event} after ${event} on ${table} referencing ${refs} for each statement execute function bump_project_versions(${arg});`);
      }
    }
    this.addSql(`create trigger users_shared_version after update of name on users for each row when (old.name is distinct from new.name) execute function bump_shared_version();`);
    this.addSql(`create trigger streams_shared_version after update of name on streams for each row when (old.name is distinct from new.name) execute function bump_shared_version();`);
  }
}
