import { Migration } from '@mikro-orm/migrations';

/**
 * The inbox (issue 15, item 6): what happened that concerns a user, drawn from the same activity
 * jobs as the bot's notifications. So the trigger now queues a job for every relevant row whether
 * or not anyone linked Telegram (the inbox needs no link), and for comments too (watchers read
 * them in the inbox). The job name stays `telegram.activity`: jobs already queued keep running.
 * - `activity_id` is unique per user, so a retried job adds nothing twice; a due-date notice has
 *   none and is unique per user, issue and due date instead.
 */
export class Migration20261129100000_inbox extends Migration {
  override name = 'Migration20261129100000_inbox';

  override up(): void {
    this.addSql(`
      create table inbox_items (
        id serial primary key,
        user_id int not null references users(id) on delete cascade,
        issue_id int not null references issues(id) on delete cascade,
        activity_id bigint null references activities(id) on delete set null,
        kind varchar(16) not null check (kind in ('assigned', 'mentioned', 'commented', 'statusChanged', 'dueTomorrow')),
        actor_id int null references users(id) on delete set null,
        data jsonb not null default '{}',
        created_at timestamptz not null default now(),
        read_at timestamptz null,
        snoozed_until timestamptz null,
        archived_at timestamptz null,
        unique (user_id, activity_id)
      );`);
    this.addSql('create index inbox_items_list on inbox_items (user_id, archived_at, id desc);');
    this.addSql('create index inbox_items_unread on inbox_items (user_id) where read_at is null and archived_at is null;');
    this.addSql(`create unique index inbox_items_due on inbox_items (user_id, issue_id, (data ->> 'dueDate')) where kind = 'dueTomorrow';`);
    this.addSql('create index inbox_items_issue on inbox_items (issue_id);');
    this.addSql(`
      create or replace function tracker_bot_activity() returns trigger language plpgsql as $$
      begin
        perform graphile_worker.add_job('telegram.activity', json_build_object('activityId', n.id), max_attempts => 5)
           from new_rows n
          where n.issue_id is not null
            and (n.action in ('created', 'mentioned', 'commented') or (n.action = 'updated' and n.field in ('statusId', 'assigneeId')));
        return null;
      end $$;`);
  }

  override down(): void {
    this.addSql('drop table if exists inbox_items;');
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
}
