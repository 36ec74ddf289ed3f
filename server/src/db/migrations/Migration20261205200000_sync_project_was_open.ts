import { Migration } from '@mikro-orm/migrations';

/**
 * A project's entry in the sync log says whether the project was visible to everyone just before
 * the change (issue 25). The feed sends a gone project (`data: null`) only to someone who could
 * see it: an admin, a member whose membership changed in the same stretch of the log (its own
 * entry), or anyone when it was open to all. Without this, every user was told that a private
 * project they never saw exists and when it changes.
 */
export class Migration20261205200000_sync_project_was_open extends Migration {
  override name = 'Migration20261205200000_sync_project_was_open';

  override up(): void {
    this.addSql(`alter table sync_changes add column was_open boolean null;`);
    this.addSql(`
      create or replace function sync_log_projects() returns trigger language plpgsql as $$
      declare
        pid int;
        was_open boolean := false;
      begin
        if TG_OP = 'DELETE' then pid := old.id; else pid := new.id; end if;
        if TG_OP <> 'INSERT' then was_open := old.visibility = 'all'; end if;
        perform sync_commit_lock();
        insert into sync_changes (entity, entity_id, project_id, was_open) values ('project', pid, pid, was_open);
        perform pg_notify('tracker_sync', '');
        return null;
      end $$;`);
  }

  override down(): void {
    this.addSql(`
      create or replace function sync_log_projects() returns trigger language plpgsql as $$
      declare
        r record;
        new_id int;
        new_project int;
        old_id int;
        old_project int;
      begin
        if TG_OP <> 'DELETE' then
          r := new; new_id := r.id; new_project := r.id;
          perform sync_log('project', new_id, new_project, null);
        end if;
        if TG_OP <> 'INSERT' then
          r := old; old_id := r.id; old_project := r.id;
          if TG_OP = 'DELETE' or old_id is distinct from new_id or old_project is distinct from new_project then
            perform sync_log('project', old_id, old_project, null);
          end if;
        end if;
        return null;
      end $$;`);
    this.addSql(`alter table sync_changes drop column was_open;`);
  }
}
