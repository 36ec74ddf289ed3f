import { Migration } from '@mikro-orm/migrations';

/**
 * Optimistic concurrency for issues (issue 11, L4). `version` grows by one on every change of the
 * row, whoever writes it (API, bot, workflow cleanups, psql), because a trigger does it.
 * `field_versions` remembers, per API field name, the version that last changed it, so a stale
 * edit is refused only when a field it changes was changed since its base version. Labels and
 * streams live in link tables: the issue write that changes them stamps `labelIds`/`streamIds` with
 * `version + 1` (the version the trigger is making).
 */
export class Migration20261125400000_issue_version extends Migration {
  override name = 'Migration20261125400000_issue_version';

  override up(): void {
    this.addSql(`alter table issues add column version integer not null default 1, add column field_versions jsonb not null default '{}'::jsonb;`);
    this.addSql(`
      create function issue_version_bump() returns trigger language plpgsql as $$
      declare
        changed jsonb := '{}'::jsonb;
      begin
        if (new.*) is not distinct from (old.*) then
          return new;
        end if;
        new.version := old.version + 1;
        if new.title is distinct from old.title then changed := changed || jsonb_build_object('title', new.version); end if;
        if new.description is distinct from old.description then changed := changed || jsonb_build_object('description', new.version); end if;
        if new.status_id is distinct from old.status_id then changed := changed || jsonb_build_object('statusId', new.version); end if;
        if new.priority is distinct from old.priority then changed := changed || jsonb_build_object('priority', new.version); end if;
        if new.assignee_id is distinct from old.assignee_id then changed := changed || jsonb_build_object('assigneeId', new.version); end if;
        if new.start_date is distinct from old.start_date then changed := changed || jsonb_build_object('startDate', new.version); end if;
        if new.due_date is distinct from old.due_date then changed := changed || jsonb_build_object('dueDate', new.version); end if;
        if new.estimate is distinct from old.estimate then changed := changed || jsonb_build_object('estimate', new.version); end if;
        if new.parent_id is distinct from old.parent_id then changed := changed || jsonb_build_object('parentId', new.version); end if;
        if new.custom_values is distinct from old.custom_values then changed := changed || jsonb_build_object('customValues', new.version); end if;
        -- A statement may stamp fields itself (labelIds, streamIds) with version + 1, the same number.
        new.field_versions := new.field_versions || changed;
        return new;
      end $$;`);
    this.addSql(`create trigger issues_version before update on issues for each row execute function issue_version_bump();`);
  }
}
