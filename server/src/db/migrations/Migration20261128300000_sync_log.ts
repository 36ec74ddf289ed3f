import { Migration } from '@mikro-orm/migrations';

/**
 * The sync log (issue 14): every change of an entity the client store holds gets a row in
 * `sync_changes` with a sync id, written in the changing transaction, when it commits.
 *
 * The ids must come in commit order, or a client reading "changes after 10" while the transaction
 * holding 11 is still open and 12 already committed would skip 11 for good. So the commit phase of
 * every writing transaction takes one advisory lock first (`sync_commit_lock`, also taken by the
 * data-version triggers, which therefore no longer lock version rows in an order of their own),
 * and ids are drawn under it: a transaction's ids all come after every id of every transaction that
 * committed before it, and it is visible before the next one draws any. Readers then always see a
 * gap-free prefix. The lock is held from the first deferred trigger to the end of the commit,
 * which serialises commits (not the transactions' work).
 *
 * Rows name the entity, its id and its project; the feed reads the entity's current state when it
 * sends it, so several changes of one entity collapse into one.
 */
export interface LoggedTable {
  table: string;
  entity: string;
  id: string;
  project: string;
  owner?: string;
  events?: string;
}

const LOGGED: LoggedTable[] = [
  // Not the issue counter, which every new issue moves: only what the store shows of a project.
  { table: 'projects', entity: 'project', id: 'r.id', project: 'r.id', events: 'insert or delete or update of key, name, description, color, icon, lead_id, visibility, archived_at' },
  { table: 'statuses', entity: 'status', id: 'r.id', project: 'r.project_id' },
  { table: 'labels', entity: 'label', id: 'r.id', project: 'r.project_id' },
  { table: 'project_members', entity: 'member', id: 'r.user_id', project: 'r.project_id' },
  { table: 'issues', entity: 'issue', id: 'r.id', project: 'r.project_id' },
  // The links are part of the issue (labelIds, streamIds); at commit an issue deleted in the same
  // transaction is gone, and its own delete is logged.
  { table: 'issue_labels', entity: 'issue', id: 'r.issue_id', project: '(select project_id from issues where id = r.issue_id)' },
  { table: 'issue_streams', entity: 'issue', id: 'r.issue_id', project: '(select project_id from issues where id = r.issue_id)' },
  { table: 'comments', entity: 'comment', id: 'r.id', project: '(select project_id from issues where id = r.issue_id)' },
  // Users are shown by name only; a new user shows once they join a project (a member change).
  { table: 'users', entity: 'user', id: 'r.id', project: 'null', events: 'update of name' },
  // Field definitions apply to all projects or to chosen ones: the feed checks which the caller sees.
  { table: 'custom_fields', entity: 'custom_field', id: 'r.id', project: 'null' },
  { table: 'custom_field_options', entity: 'custom_field', id: 'r.field_id', project: 'null' },
  { table: 'custom_field_projects', entity: 'custom_field', id: 'r.field_id', project: 'null' },
  // A saved view is its owner's, or shared with a project's members.
  { table: 'saved_views', entity: 'view', id: 'r.id', project: 'r.project_id', owner: 'r.owner_id' },
];

/** The deferred trigger that logs one table's changes as `entity` (also used by later migrations). */
export function syncLogTrigger({ table, entity, id, project, owner = 'null', events }: LoggedTable): string[] {
  return [
    `
        create function sync_log_${table}() returns trigger language plpgsql as $$
        declare
          r record;
          new_id int;
          new_project int;
          old_id int;
          old_project int;
        begin
          if TG_OP <> 'DELETE' then
            r := new; new_id := ${id}; new_project := ${project};
            perform sync_log('${entity}', new_id, new_project, ${owner});
          end if;
          if TG_OP <> 'INSERT' then
            r := old; old_id := ${id}; old_project := ${project};
            -- An update that moves the row (another project, another issue) is a change of both.
            if TG_OP = 'DELETE' or old_id is distinct from new_id or old_project is distinct from new_project then
              perform sync_log('${entity}', old_id, old_project, ${owner});
            end if;
          end if;
          return null;
        end $$;`,
    // "a_" sorts it before the data-version trigger of the same row, so the lock comes first.
    `create constraint trigger a_sync_log after ${events ?? 'insert or update or delete'} on ${table} deferrable initially deferred for each row execute function sync_log_${table}();`,
  ];
}

/** The data-version bumps of Migration20261128100000, with `lock` before their update. */
const versionBumps = (lock: string) => [
  `create or replace function bump_project_version(pid int) returns void language plpgsql as $$
   begin
     if pid is null or current_setting('tracker.version_' || pid, true) = '1' then return; end if;
     ${lock}
     update project_data_versions set version = nextval('data_version_seq') where project_id = pid;
     perform set_config('tracker.version_' || pid, '1', true);
   end $$;`,
  `create or replace function bump_shared_version() returns trigger language plpgsql as $$
   begin
     if current_setting('tracker.version_shared', true) = '1' then return null; end if;
     ${lock}
     update shared_data_version set version = nextval('shared_data_version_seq');
     perform set_config('tracker.version_shared', '1', true);
     return null;
   end $$;`,
];

export const SYNC_COMMIT_LOCK = 0x73796e63; // "sync"

export class Migration20261128300000_sync_log extends Migration {
  override name = 'Migration20261128300000_sync_log';

  override up(): void {
    this.addSql(`create sequence sync_change_seq;`);
    this.addSql(`
      create table sync_changes (
        id bigint primary key default nextval('sync_change_seq'),
        entity varchar(16) not null,
        entity_id int not null,
        project_id int null,
        -- The one user an entry is for (a personal saved view), null when the project decides.
        owner_id int null,
        created_at timestamptz not null default now()
      );`);
    // Owned by the column and its default, so a restore (db/backup.ts) continues it.
    this.addSql(`alter sequence sync_change_seq owned by sync_changes.id;`);
    // How far back the log reaches: changes up to this id were pruned (a client behind it bootstraps again).
    this.addSql(`create table sync_horizon (id boolean primary key default true check (id), pruned_through bigint not null default 0);`);
    this.addSql(`insert into sync_horizon default values;`);

    this.addSql(`
      create function sync_commit_lock() returns void language plpgsql as $$
      begin
        if current_setting('tracker.sync_locked', true) = '1' then return; end if;
        perform pg_advisory_xact_lock(${SYNC_COMMIT_LOCK});
        perform set_config('tracker.sync_locked', '1', true);
      end $$;`);
    this.addSql(`
      create function sync_log(p_entity text, p_id int, p_project int, p_owner int default null) returns void language plpgsql as $$
      begin
        if p_id is null then return; end if;
        perform sync_commit_lock();
        insert into sync_changes (entity, entity_id, project_id, owner_id) values (p_entity, p_id, p_project, p_owner);
        -- Delivered at commit, once per transaction (identical notifications collapse): "the log moved".
        perform pg_notify('tracker_sync', '');
      end $$;`);
    // The version bump takes the same lock first: every commit then locks version rows under it.
    for (const sql of versionBumps('perform sync_commit_lock();')) this.addSql(sql);

    for (const def of LOGGED) for (const sql of syncLogTrigger(def)) this.addSql(sql);
  }

  override down(): void {
    for (const { table } of LOGGED) {
      this.addSql(`drop trigger a_sync_log on ${table};`);
      this.addSql(`drop function sync_log_${table}();`);
    }
    for (const sql of versionBumps('')) this.addSql(sql);
    this.addSql(`drop function sync_log(text, int, int, int), sync_commit_lock();`);
    this.addSql(`drop table sync_changes, sync_horizon;`);
  }
}
