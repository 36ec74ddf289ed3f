import { Migration } from '@mikro-orm/migrations';

/**
 * A cycle page counts off `cycle_issues` alone (issue 29's budget). Measured on the bench data
 * (100,000 issues, a current cycle of 1,657), one request at a time: the burndown joined each
 * membership to its issue for the completion time, and the planner read all of `issues` for it
 * (105 ms of a 174 ms statement); the velocity probed `issues` 5,254 times (30 ms).
 *
 * So a membership carries its issue's completion time, copied by the same trigger that keeps the
 * history (`completed_at` changes only when an issue enters or leaves a completed status, and every
 * membership of the issue follows it, ended ones too: "completed by a day" is the issue's own), and
 * the cycle's index holds what the counts read. Issues by status read `issues_cycle` with the status
 * and completion beside the cycle (index-only on a settled table).
 */
export class Migration20261211100000_cycle_stats extends Migration {
  override name = 'Migration20261211100000_cycle_stats';

  override up(): void {
    this.addSql(`alter table cycle_issues add column completed_at timestamptz null;`);
    this.addSql(`update cycle_issues ci set completed_at = i.completed_at from issues i where i.id = ci.issue_id and i.completed_at is not null;`);
    this.addSql(`drop index cycle_issues_cycle;`);
    this.addSql(`create index cycle_issues_cycle on cycle_issues (cycle_id) include (added_at, removed_at, completed_at);`);
    this.addSql(`drop index cycle_issues_open;`);
    this.addSql(`create index cycle_issues_issue on cycle_issues (issue_id);`);
    this.addSql(`drop index issues_cycle;`);
    this.addSql(`create index issues_cycle on issues (cycle_id, status_id) include (completed_at) where cycle_id is not null;`);
    this.addSql(`
      create or replace function cycle_issue_history() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'UPDATE' and old.completed_at is distinct from new.completed_at then
          update cycle_issues set completed_at = new.completed_at where issue_id = new.id;
        end if;
        if TG_OP = 'UPDATE' then
          if old.cycle_id is not distinct from new.cycle_id then return null; end if;
          update cycle_issues set removed_at = now() where issue_id = new.id and removed_at is null;
        end if;
        if new.cycle_id is not null then
          insert into cycle_issues (cycle_id, issue_id, completed_at) values (new.cycle_id, new.id, new.completed_at);
        end if;
        return null;
      end $$;`);
    this.addSql(`drop trigger issues_cycle_history on issues;`);
    this.addSql(`create trigger issues_cycle_history after insert or update of cycle_id, completed_at on issues for each row execute function cycle_issue_history();`);
  }

  override down(): void {
    this.addSql(`drop trigger issues_cycle_history on issues;`);
    this.addSql(`
      create or replace function cycle_issue_history() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'UPDATE' then
          if old.cycle_id is not distinct from new.cycle_id then return null; end if;
          update cycle_issues set removed_at = now() where issue_id = new.id and removed_at is null;
        end if;
        if new.cycle_id is not null then
          insert into cycle_issues (cycle_id, issue_id) values (new.cycle_id, new.id);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger issues_cycle_history after insert or update of cycle_id on issues for each row execute function cycle_issue_history();`);
    this.addSql(`drop index issues_cycle;`);
    this.addSql(`create index issues_cycle on issues (cycle_id) where cycle_id is not null;`);
    this.addSql(`drop index cycle_issues_issue;`);
    this.addSql(`create index cycle_issues_open on cycle_issues (issue_id) where removed_at is null;`);
    this.addSql(`drop index cycle_issues_cycle;`);
    this.addSql(`create index cycle_issues_cycle on cycle_issues (cycle_id, issue_id);`);
    this.addSql(`alter table cycle_issues drop column completed_at;`);
  }
}
