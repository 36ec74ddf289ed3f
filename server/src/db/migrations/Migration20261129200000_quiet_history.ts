import { Migration } from '@mikro-orm/migrations';

/**
 * History written in bulk (the demo seed, an import) notifies nobody: a transaction that sets
 * `tracker.history = 'on'` queues no activity jobs. Without it, seeding 100,000 issues left a
 * backlog of jobs the worker then ground through while people used the app.
 */
const ACTIVITY_TRIGGER = (guard: string) => `
  create or replace function tracker_bot_activity() returns trigger language plpgsql as $$
  begin
    ${guard}
    perform graphile_worker.add_job('telegram.activity', json_build_object('activityId', n.id), max_attempts => 5)
       from new_rows n
      where n.issue_id is not null
        and (n.action in ('created', 'mentioned', 'commented') or (n.action = 'updated' and n.field in ('statusId', 'assigneeId')));
    return null;
  end $$;`;

export class Migration20261129200000_quiet_history extends Migration {
  override name = 'Migration20261129200000_quiet_history';

  override up(): void {
    this.addSql(ACTIVITY_TRIGGER(`if current_setting('tracker.history', true) = 'on' then return null; end if;`));
  }

  override down(): void {
    this.addSql(ACTIVITY_TRIGGER(''));
  }
}
