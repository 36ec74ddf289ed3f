import { Migration } from '@mikro-orm/migrations';

/**
 * Outgoing webhooks (issue 17, item 4; docs/webhooks.md):
 * - `webhooks`: a project's URL, events and signing secret; switched off after too many failures in a row.
 * - `webhook_deliveries`: one row per event sent to a webhook (and per redelivery), with its last
 *   attempt's outcome; rows older than 30 days are pruned by a daily cron job.
 * - A trigger on `activities` — where every path that changes issues records the change (web, bot,
 *   bulk edits, imports) — queues one `webhooks.activity` job per issue and statement, in the writing
 *   transaction, for projects that have an enabled webhook: nothing is sent for a rolled-back change.
 *   The jobs of a project run in a queue of their own, so its events go out in the order they happened.
 */
export class Migration20261203200000_webhooks extends Migration {
  override name = 'Migration20261203200000_webhooks';

  override up(): void {
    this.addSql(`
      create table webhooks (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        url text not null,
        events text[] not null,
        secret text not null,
        enabled boolean not null default true,
        consecutive_failures int not null default 0,
        disabled_at timestamptz null,
        disabled_reason text null,
        created_by int null references users(id) on delete set null,
        created_at timestamptz not null default now()
      );`);
    this.addSql('create index webhooks_project on webhooks (project_id) where enabled;');
    this.addSql(`
      create table webhook_deliveries (
        id bigserial primary key,
        webhook_id int not null references webhooks(id) on delete cascade,
        event varchar(40) not null,
        delivery_uuid uuid not null unique,
        -- json, not jsonb: the body is sent exactly as it was written, keys in their order.
        payload json not null,
        attempts int not null default 0,
        status varchar(16) not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
        response_status int null,
        duration_ms int null,
        response_excerpt text null,
        error text null,
        next_retry_at timestamptz null,
        redelivery_of bigint null,
        created_at timestamptz not null default now(),
        finished_at timestamptz null
      );`);
    this.addSql('create index webhook_deliveries_log on webhook_deliveries (webhook_id, id desc);');
    this.addSql('create index webhook_deliveries_age on webhook_deliveries (created_at);');
    this.addSql(`
      create or replace function tracker_webhook_activity() returns trigger language plpgsql as $$
      begin
        perform graphile_worker.add_job('webhooks.activity', json_build_object('activityIds', x.ids), max_attempts => 5,
                                        queue_name => 'webhooks:' || x.project_id)
           from (select n.project_id, array_agg(n.id order by n.id) as ids
                   from new_rows n
                  where n.project_id is not null
                    and n.action in ('created', 'updated', 'issue.deleted', 'commented')
                    and exists (select 1 from webhooks w where w.project_id = n.project_id and w.enabled)
                  group by n.project_id, n.issue_id
                  order by min(n.id)) x;
        return null;
      end $$;`);
    this.addSql(`
      create trigger tracker_webhook_activity after insert on activities
        referencing new table as new_rows for each statement execute function tracker_webhook_activity();`);
  }

  override down(): void {
    this.addSql('drop trigger if exists tracker_webhook_activity on activities;');
    this.addSql('drop function if exists tracker_webhook_activity();');
    this.addSql('drop table if exists webhook_deliveries, webhooks;');
  }
}
