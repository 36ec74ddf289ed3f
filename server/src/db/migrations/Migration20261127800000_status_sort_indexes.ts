import { Migration } from '@mikro-orm/migrations';

/**
 * One status of one project (a board column, the "In progress" filter) in any sort the list offers:
 * `(project_id, status_id, <sort expression>, id)`, with the expressions exactly as `sortSpec` in
 * issue-list.repository.ts writes them. Without them a status filter read all of the status's issues through
 * issues_project_status_updated and sorted them (6 ms for a status of 1,800 issues on the bench data,
 * 80–90 ms under the mixed load), or walked the sort's index fetching every issue to test its status.
 * `updated` has issues_project_status_updated since the tracker migration.
 */
const SORTS: Record<string, string> = {
  created: 'created_at',
  priority_asc: '(case when priority = 0 then 5 else 5 - priority end)',
  priority_desc: '(case when priority = 0 then 0 else 5 - priority end)',
  due_asc: `coalesce(due_date, 'infinity'::date)`,
  due_desc: `coalesce(due_date, '-infinity'::date)`,
  title: 'lower(title)',
  number: 'number',
};

export class Migration20261127800000_status_sort_indexes extends Migration {
  override name = 'Migration20261127800000_status_sort_indexes';

  override up(): void {
    for (const [sort, expr] of Object.entries(SORTS)) this.addSql(`create index issues_project_status_${sort} on issues (project_id, status_id, ${expr}, id);`);
  }

  override down(): void {
    this.addSql(`drop index if exists ${Object.keys(SORTS).map((s) => `issues_project_status_${s}`).join(', ')};`);
  }
}
