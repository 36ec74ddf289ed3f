import { Migration } from '@mikro-orm/migrations';

/**
 * When each field of an issue last changed (issue 14: offline edits apply each field with
 * last-writer-wins by the time of the edit). `field_changed_at` maps the API field name to the time
 * of the change, stamped for every field `issue_version_bump` (or the statement, for labels and
 * streams) marked with the version being made. A second trigger, named to fire after
 * `issues_version` (triggers of one event fire in name order).
 */
export class Migration20261128400000_field_changed_at extends Migration {
  override name = 'Migration20261128400000_field_changed_at';

  override up(): void {
    this.addSql(`alter table issues add column field_changed_at jsonb not null default '{}'::jsonb;`);
    this.addSql(`
      create function issue_field_times() returns trigger language plpgsql as $$
      begin
        if new.version is distinct from old.version then
          new.field_changed_at := new.field_changed_at || coalesce(
            (select jsonb_object_agg(key, now()) from jsonb_each(new.field_versions) where value = to_jsonb(new.version)), '{}'::jsonb);
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger issues_version_times before update on issues for each row execute function issue_field_times();`);
  }
}
