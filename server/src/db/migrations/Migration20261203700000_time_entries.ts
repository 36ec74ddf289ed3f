import { Migration } from '@mikro-orm/migrations';
import { syncLogTrigger } from './Migration20261128300000_sync_log.ts';

/**
 * Time tracking (issue 17, item 7): minutes logged on an issue for a day worked.
 *
 * The spent total is not a column of `issues`: every issue query sums it with a subselect
 * evaluated only for the rows it returns (like the comment count), off the covering index
 * `(issue_id) include (minutes)`, an index-only read of an issue's few entries; so no counter on
 * the hot issues row can drift or contend, and the version and `updated_at` stay the
 * issue's own. An entry changes what the store shows of its issue (`spentMinutes`), so it logs
 * the issue into the sync log and moves the project's data version, like a comment does.
 * The timesheet reads by person and day, and by project through the issue: `(user_id, date)`.
 */
const LOGGED = { table: 'time_entries', entity: 'issue', id: 'r.issue_id', project: '(select project_id from issues where id = r.issue_id)' };

export class Migration20261203700000_time_entries extends Migration {
  override name = 'Migration20261203700000_time_entries';

  override up(): void {
    this.addSql(`
      create table time_entries (
        id serial primary key,
        issue_id int not null references issues(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        minutes int not null check (minutes > 0 and minutes <= 1440),
        date date not null,
        note text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index time_entries_issue_minutes on time_entries (issue_id) include (minutes);`);
    this.addSql(`create index time_entries_user_date on time_entries (user_id, date);`);
    this.addSql(`create index time_entries_date on time_entries (date);`);
    for (const sql of syncLogTrigger(LOGGED)) this.addSql(sql);
    this.addSql(
      `create constraint trigger time_entries_data_version after insert or update or delete on time_entries deferrable initially deferred for each row execute function bump_versions_by_issue();`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists time_entries;`);
    this.addSql(`drop function if exists sync_log_time_entries();`);
  }
}
