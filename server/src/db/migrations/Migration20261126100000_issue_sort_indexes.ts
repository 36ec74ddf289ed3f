import { Migration } from '@mikro-orm/migrations';

/**
 * One index per sort of the issue list within a project (issue 13): `(project_id, <sort
 * expression>, id)`, with the expressions exactly as `sortSpec` in issue-list.repository.ts writes
 * them, so a page is read off the index instead of sorting every issue of the project. `updated` already has
 * issues_project_updated; `key` is served by the unique (project_id, number) index. Priority and
 * due date keep "none" last in both directions, so each has one expression per direction.
 */
const INDEXES: Record<string, string> = {
  issues_project_created: 'created_at',
  issues_project_priority_asc: '(case when priority = 0 then 5 else 5 - priority end)',
  issues_project_priority_desc: '(case when priority = 0 then 0 else 5 - priority end)',
  issues_project_due_asc: `coalesce(due_date, 'infinity'::date)`,
  issues_project_due_desc: `coalesce(due_date, '-infinity'::date)`,
  issues_project_title: 'lower(title)',
};

export class Migration20261126100000_issue_sort_indexes extends Migration {
  override name = 'Migration20261126100000_issue_sort_indexes';

  override up(): void {
    for (const [name, expr] of Object.entries(INDEXES)) this.addSql(`create index ${name} on issues (project_id, ${expr}, id);`);
  }

  override down(): void {
    this.addSql(`drop index if exists ${Object.keys(INDEXES).join(', ')};`);
  }
}
