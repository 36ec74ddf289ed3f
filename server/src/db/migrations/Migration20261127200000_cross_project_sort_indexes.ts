import { Migration } from '@mikro-orm/migrations';

/**
 * The issue list's sorts across the projects a user sees (issue 13): `(<sort expression>, id)` for
 * lists of every visible project, and `(assignee_id, <sort expression>, id)` for one assignee's
 * issues (My issues, `assignee=me`), with the expressions exactly as `sortSpec` in
 * issue-list.repository.ts writes them, so a page is read off an index in order instead of sorting every visible issue.
 * Across projects `updated` already has issues_updated; the two narrower indexes this replaces
 * (issues_created_at, issues_assignee) lacked the `id` tiebreak of the keyset.
 */
const SORTS: Record<string, string> = {
  created: 'created_at',
  priority_asc: '(case when priority = 0 then 5 else 5 - priority end)',
  priority_desc: '(case when priority = 0 then 0 else 5 - priority end)',
  due_asc: `coalesce(due_date, 'infinity'::date)`,
  due_desc: `coalesce(due_date, '-infinity'::date)`,
  title: 'lower(title)',
};
const ASSIGNEE_SORTS: Record<string, string> = { updated: 'updated_at', ...SORTS };

export class Migration20261127200000_cross_project_sort_indexes extends Migration {
  override name = 'Migration20261127200000_cross_project_sort_indexes';

  override up(): void {
    this.addSql('drop index if exists issues_created_at, issues_assignee;');
    for (const [sort, expr] of Object.entries(SORTS)) this.addSql(`create index issues_${sort} on issues (${expr}, id);`);
    for (const [sort, expr] of Object.entries(ASSIGNEE_SORTS)) {
      this.addSql(`create index issues_assignee_${sort} on issues (assignee_id, ${expr}, id) where assignee_id is not null;`);
    }
  }

  override down(): void {
    const names = [...Object.keys(SORTS).map((s) => `issues_${s}`), ...Object.keys(ASSIGNEE_SORTS).map((s) => `issues_assignee_${s}`)];
    this.addSql(`drop index if exists ${names.join(', ')};`);
    this.addSql('create index issues_created_at on issues (created_at);');
    this.addSql('create index issues_assignee on issues (assignee_id, updated_at desc) where assignee_id is not null;');
  }
}
