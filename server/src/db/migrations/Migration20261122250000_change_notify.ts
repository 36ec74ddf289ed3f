import { Migration } from '@mikro-orm/migrations';

/**
 * Every write to a table that reads depend on NOTIFYs `tracker_data_changed` on commit (once per
 * transaction: PostgreSQL folds identical notifications), so each server instance can keep hot
 * reads in memory and drop them on any change (see db/read-cache.ts). Statement-level triggers
 * cost one call per statement, not per row. Tables created later call `tracker_watch_table(name)`.
 * `rate_limits` is left out: it changes on failed sign-ins and no cached read depends on it.
 */
export class Migration20261122250000_change_notify extends Migration {
  override name = 'Migration20261122250000_change_notify';

  override up(): void {
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
      select tracker_watch_table(c.oid)
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind = 'r'
         and c.relname not in ('rate_limits', 'mikro_orm_migrations');`);
  }
}
