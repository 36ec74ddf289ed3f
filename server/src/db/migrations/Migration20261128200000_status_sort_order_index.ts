import { Migration } from '@mikro-orm/migrations';

/**
 * A new issue goes to the bottom of its status column: `max(sort_order) + 1024` over the project's
 * issues in that status (issue.service.ts createIssue; issue-move.ts for a drop at the end). With no
 * index on sort_order, that read every issue of the status: 5–23 ms for 8,000 issues, most of an
 * issue's creation under the bench's load. `(project_id, status_id, sort_order)` answers it with one
 * index entry.
 */
export class Migration20261128200000_status_sort_order_index extends Migration {
  override name = 'Migration20261128200000_status_sort_order_index';

  override up(): void {
    this.addSql(`create index issues_project_status_sort_order on issues (project_id, status_id, sort_order);`);
  }

  override down(): void {
    this.addSql(`drop index if exists issues_project_status_sort_order;`);
  }
}
