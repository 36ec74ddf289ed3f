import { Migration } from '@mikro-orm/migrations';

/**
 * Telegram delivery (issue 16, items 6–9):
 * - `telegram_outbox`: messages waiting for their chat, sent oldest first, one at a time per chat
 *   (the send job runs in a graphile-worker queue named after the chat). One pending message per
 *   chat and issue: a later event on the issue is added to it, so a burst becomes one message.
 * - `telegram_chat_pauses`: a chat told to wait by a 429, until when.
 * - `users.telegram_unreachable_at`: the user blocked the bot or is gone; cleared when they write again.
 * - `telegram_chat_links.locale`: the language a group is written to in.
 * - `telegram_issue_origins`: the chat an issue was created from, which already shows it.
 * - The activity trigger puts each project's jobs into a named queue of their own, so a project's
 *   events become messages in the order they happened (activity jobs used to run four at a time and
 *   commit in any order). Projects go on side by side: one queue for the whole workspace fell behind
 *   whenever many people worked at once.
 */
const ACTIVITY_TRIGGER = (queue: string) => `
  create or replace function tracker_bot_activity() returns trigger language plpgsql as $$
  begin
    if current_setting('tracker.history', true) = 'on' then return null; end if;
    perform graphile_worker.add_job('telegram.activity', json_build_object('activityId', n.id), max_attempts => 5${queue})
       from new_rows n
      where n.issue_id is not null
        and (n.action in ('created', 'mentioned', 'commented') or (n.action = 'updated' and n.field in ('statusId', 'assigneeId')))
      order by n.id;
    return null;
  end $$;`;

export class Migration20261130200000_telegram_outbox extends Migration {
  override name = 'Migration20261130200000_telegram_outbox';

  override up(): void {
    this.addSql(`
      create table telegram_outbox (
        id bigserial primary key,
        chat_id bigint not null,
        thread_id int not null default 0,
        issue_id int null references issues(id) on delete cascade,
        lines jsonb not null,
        card text not null,
        reply_markup jsonb null,
        silent boolean not null default false,
        send_after timestamptz not null default now(),
        created_at timestamptz not null default now()
      );`);
    this.addSql('create index telegram_outbox_chat on telegram_outbox (chat_id, id);');
    this.addSql('create unique index telegram_outbox_burst on telegram_outbox (chat_id, thread_id, issue_id);');
    this.addSql('create table telegram_chat_pauses (chat_id bigint primary key, until timestamptz not null);');
    this.addSql('alter table users add column telegram_unreachable_at timestamptz null;');
    this.addSql(`alter table telegram_chat_links add column locale varchar(5) not null default 'ru';`);
    this.addSql(`update telegram_chat_links l set locale = u.locale from users u where u.id = l.created_by and u.locale in ('ru', 'en');`);
    this.addSql(`
      create table telegram_issue_origins (
        issue_id int primary key references issues(id) on delete cascade,
        chat_id bigint not null
      );`);
    this.addSql(ACTIVITY_TRIGGER(`, queue_name => 'notifications:' || coalesce(n.project_id, 0)`));
  }

  override down(): void {
    this.addSql(ACTIVITY_TRIGGER(''));
    this.addSql('drop table if exists telegram_outbox, telegram_chat_pauses, telegram_issue_origins;');
    this.addSql('alter table users drop column if exists telegram_unreachable_at;');
    this.addSql('alter table telegram_chat_links drop column if exists locale;');
  }
}
