import { Migration } from '@mikro-orm/migrations';
import { syncLogTrigger } from './Migration20261128300000_sync_log.ts';

/**
 * SLAs (issue 29, docs/sla.md).
 * - `project_sla`: a project's settings; `enabled_at` is when they were last turned on, so issues
 *   open then start their clocks there, not at their creation (turning SLAs on breaches nothing).
 * - `statuses.waiting`: clocks stand still while an issue is in such a status.
 * - `issue_sla`: one issue's clocks, kept by the services in the writing transaction: the start, the
 *   deadlines, when it was answered, resolved or paused, the pause time each deadline already moved
 *   by, and when each deadline was marked missed. The scan (modules/sla/sla-scan.ts) marks a missed
 *   deadline and queues its notices in one transaction, so a mark is also the record that they went.
 *   A row changes what the store shows of its issue (`sla`): it logs the issue into the sync log and
 *   moves the project's data version, as time entries do, so cached lists and pages and live clients
 *   see a breach the scan marked.
 * - The scan reads each kind's next deadline off a partial index holding only running clocks; the
 *   list's filters read the missed clocks and the running ones by their next deadline off two more.
 * - Inbox items and Telegram notices of the two breaches, and the setting that turns the latter off.
 */
const LOGGED = { table: 'issue_sla', entity: 'issue', id: 'r.issue_id', project: '(select project_id from issues where id = r.issue_id)' };
const INBOX_KINDS = ['assigned', 'mentioned', 'commented', 'statusChanged', 'dueTomorrow'];
const inboxCheck = (kinds: string[]) => `alter table inbox_items add constraint inbox_items_kind_check check (kind in (${kinds.map((k) => `'${k}'`).join(', ')}));`;

export class Migration20261210200000_sla extends Migration {
  override name = 'Migration20261210200000_sla';

  override up(): void {
    this.addSql(`
      create table project_sla (
        project_id int primary key references projects(id) on delete cascade,
        enabled boolean not null,
        time_zone varchar(64) not null,
        business_days boolean not null,
        working_days smallint[] not null,
        targets jsonb not null,
        enabled_at timestamptz null,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`alter table statuses add column waiting boolean not null default false;`);
    this.addSql(`
      create table issue_sla (
        issue_id int primary key references issues(id) on delete cascade,
        started_at timestamptz not null,
        respond_by timestamptz null,
        resolve_by timestamptz null,
        responded_at timestamptz null,
        resolved_at timestamptz null,
        paused_at timestamptz null,
        respond_paused_ms bigint not null default 0,
        resolve_paused_ms bigint not null default 0,
        respond_breached_at timestamptz null,
        resolve_breached_at timestamptz null
      );`);
    this.addSql(`create index issue_sla_respond_due on issue_sla (respond_by) where respond_breached_at is null and responded_at is null and paused_at is null and respond_by is not null;`);
    this.addSql(`create index issue_sla_resolve_due on issue_sla (resolve_by) where resolve_breached_at is null and resolved_at is null and paused_at is null and resolve_by is not null;`);
    // The list's SLA filters (issue-list.repository.ts): missed clocks, and running ones by their next deadline.
    this.addSql(`create index issue_sla_breached on issue_sla (issue_id) where respond_breached_at is not null or resolve_breached_at is not null;`);
    this.addSql(`create index issue_sla_next_due on issue_sla ((least(resolve_by, case when responded_at is null then respond_by end))) where paused_at is null and resolved_at is null;`);
    for (const sql of syncLogTrigger(LOGGED)) this.addSql(sql);
    this.addSql(
      `create constraint trigger issue_sla_data_version after insert or update or delete on issue_sla deferrable initially deferred for each row execute function bump_versions_by_issue();`,
    );
    this.addSql(`alter table inbox_items drop constraint inbox_items_kind_check;`);
    this.addSql(inboxCheck([...INBOX_KINDS, 'slaResponse', 'slaResolution']));
    this.addSql(`alter table notification_settings add column sla_breached boolean not null default true;`);
  }

  override down(): void {
    this.addSql(`alter table notification_settings drop column sla_breached;`);
    this.addSql(`delete from inbox_items where kind in ('slaResponse', 'slaResolution');`);
    this.addSql(`alter table inbox_items drop constraint inbox_items_kind_check;`);
    this.addSql(inboxCheck(INBOX_KINDS));
    this.addSql(`drop table issue_sla;`);
    this.addSql(`drop function sync_log_issue_sla();`);
    this.addSql(`alter table statuses drop column waiting;`);
    this.addSql(`drop table project_sla;`);
  }
}
