import { Migration } from '@mikro-orm/migrations';

/** The category of the status whose id is the JSON value `value` (a status change's old or new value). */
const categoryOf = (alias: string, value: string) => `left join statuses ${alias} on jsonb_typeof(${value}) = 'number' and ${alias}.id = (${value})::int`;

/**
 * Insights (issue 29, part 4): what its charts read off indexes rather than the heap. Measured on
 * the bench data (100,000 issues), one statement at a time.
 *
 * Resolved issues by week, and the cycle and lead times of the issues completed in a range, read
 * `(project_id, completed_at)` with the creation time and id beside it, so the range is an
 * index-only scan per visible project (2 years: 41,563 rows off the index; the heap's bitmap scan
 * took 44 ms of a 65 ms query for 12 weeks).
 *
 * Two indexes the lists already have carry a few more columns instead of new indexes beside them
 * (every issue update writes every index of `issues`: none of its updates is HOT): the workload
 * chart counts open issues by assignee or priority off `issues_project_status_number` with those
 * two included (a sequential scan of all issues before, 70–90 ms; 12–30 ms now), and the overdue
 * trend reads the due, status, creation and completion of issues with a due date off `issues_due`
 * (a bitmap heap scan, 40–80 ms; 10–30 ms). Their keys, and so what the lists read them for, stay.
 *
 * Cycle time starts when an issue first entered a `started` status: the first status change into
 * one, or its creation when its first change left one. Looked up per issue in the activity history
 * that was 3.4 µs an issue, 140 ms of a 2-year chart of the whole workspace (41,563 completed
 * issues), so `issue_starts` keeps that moment, one row an issue, written by a trigger on the
 * status changes' activity rows (only those: its WHEN is checked without calling it), once: the
 * first such change wins. Every status change already writes that row; the trigger adds a primary
 * key probe, and one insert the first time. Filled here from the history there is.
 */
export class Migration20261210300000_insights extends Migration {
  override name = 'Migration20261210300000_insights';

  override up(): void {
    this.addSql(`create index issues_project_completed on issues (project_id, completed_at) include (created_at, id) where completed_at is not null;`);
    this.addSql(`drop index issues_project_status_number;`);
    this.addSql(`create index issues_project_status_number on issues (project_id, status_id, number, id) include (assignee_id, priority);`);
    this.addSql(`drop index issues_due;`);
    this.addSql(`create index issues_due on issues (due_date) include (project_id, status_id, created_at, completed_at) where due_date is not null;`);
    this.addSql(`
      create table issue_starts (
        issue_id integer primary key references issues (id) on delete cascade,
        started_at timestamptz not null
      );`);
    this.addSql(`
      insert into issue_starts (issue_id, started_at)
      select distinct on (a.issue_id) a.issue_id, case when o.category = 'started' then i.created_at else a.created_at end
        from activities a
        join issues i on i.id = a.issue_id
        ${categoryOf('o', 'a.old_value')}
        ${categoryOf('n', 'a.new_value')}
       where a.field = 'statusId' and 'started' in (o.category, n.category)
       order by a.issue_id, a.id;`);
    this.addSql(`
      create function issue_start_record() returns trigger language plpgsql as $$
      begin
        insert into issue_starts (issue_id, started_at)
          select i.id, case when o.category = 'started' then i.created_at else new.created_at end
            from issues i
            ${categoryOf('o', 'new.old_value')}
            ${categoryOf('n', 'new.new_value')}
           where i.id = new.issue_id and 'started' in (o.category, n.category)
        on conflict (issue_id) do nothing;
        return null;
      end $$;`);
    this.addSql(
      `create trigger activities_issue_start after insert on activities for each row when (new.field = 'statusId' and new.issue_id is not null) execute function issue_start_record();`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists activities_issue_start on activities;`);
    this.addSql(`drop function if exists issue_start_record();`);
    this.addSql(`drop table if exists issue_starts;`);
    this.addSql(`drop index if exists issues_project_completed;`);
    this.addSql(`drop index issues_project_status_number;`);
    this.addSql(`create index issues_project_status_number on issues (project_id, status_id, number, id);`);
    this.addSql(`drop index issues_due;`);
    this.addSql(`create index issues_due on issues (due_date) where due_date is not null;`);
  }
}
