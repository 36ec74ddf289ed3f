import { Migration } from '@mikro-orm/migrations';

/**
 * The group chat a change was made from by a card button (issue 16, "every result is posted once"):
 * that chat's card already shows the change, so the change's notification skips it.
 */
export class Migration20261202410000_telegram_activity_origins extends Migration {
  override name = 'Migration20261202410000_telegram_activity_origins';

  override up(): void {
    this.addSql(`
      create table telegram_activity_origins (
        activity_id bigint not null references activities(id) on delete cascade,
        chat_id bigint not null,
        primary key (activity_id, chat_id)
      );`);
  }

  override down(): void {
    this.addSql('drop table if exists telegram_activity_origins;');
  }
}
