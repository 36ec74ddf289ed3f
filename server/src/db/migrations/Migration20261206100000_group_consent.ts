import { Migration } from '@mikro-orm/migrations';

/**
 * A members-only project linked to a Telegram group with its owner's consent (issue 26): the group is
 * then shown the project (`groupVisibleCondition`). The consent is kept on the link, so a project
 * linked while open to everyone and later made members-only stops being shown, as before. The
 * question is asked in the owner's private chat, so the group hears nothing of the project before it.
 */
export class Migration20261206100000_group_consent extends Migration {
  override name = 'Migration20261206100000_group_consent';

  override up(): void {
    this.addSql(`alter table telegram_chat_links add column consented_by int null references users(id) on delete set null, add column consented_at timestamptz null;`);
    // The question put to the owner in their private chat; the button names only its id.
    this.addSql(`
      create table telegram_link_requests (
        id serial primary key,
        chat_id bigint not null,
        thread_id int not null default 0,
        chat_title text not null default '',
        project_id int not null references projects(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        created_at timestamptz not null default now()
      );`);
  }

  override down(): void {
    this.addSql(`drop table telegram_link_requests;`);
    this.addSql(`alter table telegram_chat_links drop column consented_by, drop column consented_at;`);
  }
}
