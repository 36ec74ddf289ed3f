import { Migration } from '@mikro-orm/migrations';

/**
 * The bot as the daily driver (issue 16):
 * - the morning digest: off by default, at `digest_time` (minutes after midnight, 09:00 by default)
 *   in the user's time zone; `digest_sent_on` is the local date of the last one sent, so a digest is
 *   claimed once a day whichever replica's job gets there; `digest_sent_at` bounds "what changed since".
 * - `assigned_comments`: comments on issues assigned to me reach Telegram (the inbox had them already).
 * - due notices are told once per issue, due date and kind: the day before and on the day.
 */
export class Migration20261201100000_digest_reminders extends Migration {
  override name = 'Migration20261201100000_digest_reminders';

  override up(): void {
    this.addSql(`alter table notification_settings
      add column digest_enabled boolean not null default false,
      add column digest_time smallint not null default 540 check (digest_time between 0 and 1439),
      add column digest_sent_on date null,
      add column digest_sent_at timestamptz null,
      add column assigned_comments boolean not null default true;`);
    this.addSql(`alter table telegram_due_notices add column kind varchar(8) not null default 'tomorrow' check (kind in ('tomorrow', 'today'));`);
    this.addSql('alter table telegram_due_notices drop constraint telegram_due_notices_pkey;');
    this.addSql('alter table telegram_due_notices add primary key (issue_id, due_date, kind);');
  }

  override down(): void {
    this.addSql(`delete from telegram_due_notices where kind <> 'tomorrow';`);
    this.addSql('alter table telegram_due_notices drop constraint telegram_due_notices_pkey;');
    this.addSql('alter table telegram_due_notices drop column kind;');
    this.addSql('alter table telegram_due_notices add primary key (issue_id, due_date);');
    this.addSql(`alter table notification_settings drop column digest_enabled, drop column digest_time, drop column digest_sent_on,
      drop column digest_sent_at, drop column assigned_comments;`);
  }
}
