import { Migration } from '@mikro-orm/migrations';

/**
 * The job queue becomes graphile-worker (issue 13). Its schema is installed just before our
 * migrations (db/orm.ts `migrate`, under an advisory lock), so `graphile_worker.add_job` exists here.
 * - Jobs still waiting or retrying move over with their task, payload, due time and the attempts they
 *   have left, in this migration's transaction: they are moved exactly once and never lost.
 * - Jobs that had failed for good stay readable in `jobs_legacy_failed` (nothing runs them again);
 *   from now on a failed job stays in `graphile_worker.jobs` with attempts = max_attempts.
 * - Issue activity is turned into Telegram jobs by graphile's add_job instead of an insert into `jobs`.
 */
export class Migration20261127300000_graphile_worker extends Migration {
  override name = 'Migration20261127300000_graphile_worker';

  override up(): void {
    this.addSql(`
      select graphile_worker.add_job(kind, payload::json, run_at => run_at, max_attempts => greatest(1, max_attempts - attempts))
        from (select * from jobs where failed_at is null order by run_at, id) pending;`);
    this.addSql('delete from jobs where failed_at is null;');
    this.addSql('drop index if exists jobs_due;');
    this.addSql('alter table jobs rename to jobs_legacy_failed;');
    this.addSql(`
      create or replace function tracker_bot_activity() returns trigger language plpgsql as $$
      begin
        if not exists (select 1 from users where telegram_id is not null) and not exists (select 1 from telegram_chat_links) then
          return null;
        end if;
        perform graphile_worker.add_job('telegram.activity', json_build_object('activityId', n.id), max_attempts => 5)
           from new_rows n
          where n.issue_id is not null
            and (n.action in ('created', 'mentioned') or (n.action = 'updated' and n.field in ('statusId', 'assigneeId')));
        return null;
      end $$;`);
  }

  override down(): void {
    // Jobs waiting in graphile-worker are not moved back; the trigger writes to the old table again.
    this.addSql('alter table jobs_legacy_failed rename to jobs;');
    this.addSql('create index jobs_due on jobs (run_at) where failed_at is null;');
    this.addSql(`
      create or replace function tracker_bot_activity() returns trigger language plpgsql as $$
      begin
        if not exists (select 1 from users where telegram_id is not null) and not exists (select 1 from telegram_chat_links) then
          return null;
        end if;
        insert into jobs (kind, payload, max_attempts)
        select 'telegram.activity', jsonb_build_object('activityId', n.id), 5 from new_rows n
         where n.issue_id is not null
           and (n.action in ('created', 'mentioned') or (n.action = 'updated' and n.field in ('statusId', 'assigneeId')));
        return null;
      end $$;`);
  }
}
