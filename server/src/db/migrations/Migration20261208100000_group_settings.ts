import { Migration } from '@mikro-orm/migrations';

/**
 * A team group's own settings (issue 26): capture by a ✍ reaction, and the daily standup's time.
 * Telegram's reaction updates carry no message, so while capture by reaction is on, the group's
 * recent messages are kept — two days, then dropped — for the reaction to find.
 */
export class Migration20261208100000_group_settings extends Migration {
  override name = 'Migration20261208100000_group_settings';

  override up(): void {
    this.addSql(`
      create table telegram_chat_settings (
        chat_id bigint primary key,
        capture_reactions boolean not null default false,
        standup_time time null,
        standup_time_zone text not null default 'Europe/Moscow',
        standup_sent_on date null,
        standup_sent_at timestamptz null,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table telegram_recent_messages (
        chat_id bigint not null,
        message_id int not null,
        message jsonb not null,
        received_at timestamptz not null default now(),
        primary key (chat_id, message_id)
      );`);
    this.addSql(`create index telegram_recent_messages_received on telegram_recent_messages (received_at);`);
  }

  override down(): void {
    this.addSql(`drop table telegram_recent_messages;`);
    this.addSql(`drop table telegram_chat_settings;`);
  }
}
