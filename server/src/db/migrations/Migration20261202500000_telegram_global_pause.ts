import { Migration } from '@mikro-orm/migrations';

/**
 * When a chat was told to wait (issue 16): 429s on several chats within a few seconds are Telegram's limit for the
 * whole bot, which then pauses every chat (the row of chat 0) for as long as it was told.
 */
export class Migration20261202500000_telegram_global_pause extends Migration {
  override name = 'Migration20261202500000_telegram_global_pause';

  override up(): void {
    this.addSql('alter table telegram_chat_pauses add column paused_at timestamptz not null default now();');
  }

  override down(): void {
    this.addSql('alter table telegram_chat_pauses drop column if exists paused_at;');
  }
}
