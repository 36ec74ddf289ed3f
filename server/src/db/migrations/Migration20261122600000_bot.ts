import { Migration } from '@mikro-orm/migrations';

/**
 * The Telegram bot: the account's Telegram identity (written defensively — the sign-in migration
 * adds the same columns), conversation state, language choice of unlinked chats, notification
 * settings, group chats bound to a project or stream, and a trigger that turns issue activity
 * (created, assigned, status changed, mentioned) into notification jobs in the same transaction.
 * Jobs are only made once someone can receive them (a linked user or a bound chat).
 */
export class Migration20261122600000_bot extends Migration {
  override name = 'Migration20261122600000_bot';

  override up(): void {
    this.addSql('alter table users add column if not exists telegram_id bigint;');
    this.addSql('create unique index if not exists users_telegram_id on users (telegram_id);');
    this.addSql('alter table users add column if not exists telegram_username varchar(64);');
    // Sign-in and linking record the Telegram identity in telegram_accounts; the bot and the
    // notifier read it from users. One trigger keeps the two in step, whoever writes.
    this.addSql(`
      create function telegram_account_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update users set telegram_id = null, telegram_username = null where id = old.user_id and telegram_id = old.telegram_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update users set telegram_id = new.telegram_id, telegram_username = new.username where id = new.user_id;
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger telegram_accounts_sync after insert or update or delete on telegram_accounts for each row execute function telegram_account_sync();`);
    this.addSql(`update users u set telegram_id = ta.telegram_id, telegram_username = ta.username from telegram_accounts ta where ta.user_id = u.id;`);
    this.addSql(`
      create table bot_conversations (
        key varchar(200) primary key,
        value jsonb not null,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table bot_chat_prefs (
        telegram_id bigint primary key,
        locale varchar(5) not null
      );`);
    this.addSql(`
      create table notification_settings (
        user_id int primary key references users(id) on delete cascade,
        assigned boolean not null default true,
        mentioned boolean not null default true,
        status_changed boolean not null default true,
        due_soon boolean not null default true,
        quiet_from smallint null check (quiet_from between 0 and 1439),
        quiet_to smallint null check (quiet_to between 0 and 1439),
        time_zone varchar(64) not null default 'Europe/Moscow',
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table telegram_chat_links (
        id serial primary key,
        chat_id bigint not null,
        thread_id int not null default 0,
        project_id int null references projects(id) on delete cascade,
        stream_id int null references streams(id) on delete cascade,
        created_by int null references users(id) on delete set null,
        created_at timestamptz not null default now(),
        check ((project_id is null) <> (stream_id is null)),
        unique (chat_id, thread_id)
      );`);
    this.addSql('create index telegram_chat_links_project on telegram_chat_links (project_id) where project_id is not null;');
    this.addSql('create index telegram_chat_links_stream on telegram_chat_links (stream_id) where stream_id is not null;');
    this.addSql(`
      create table telegram_due_notices (
        issue_id int not null references issues(id) on delete cascade,
        due_date date not null,
        primary key (issue_id, due_date)
      );`);
    this.addSql(`
      create function tracker_bot_activity() returns trigger language plpgsql as $$
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
    this.addSql(`
      create trigger activities_telegram after insert on activities referencing new table as new_rows
        for each statement execute function tracker_bot_activity();`);
  }

  override down(): void {
    this.addSql('drop trigger if exists activities_telegram on activities;');
    this.addSql('drop function if exists tracker_bot_activity();');
    this.addSql('drop table if exists telegram_due_notices, telegram_chat_links, notification_settings, bot_chat_prefs, bot_conversations cascade;');
  }
}
