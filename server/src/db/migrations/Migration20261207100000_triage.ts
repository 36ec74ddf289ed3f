import { Migration } from '@mikro-orm/migrations';

/**
 * Triage (issue 26): a status category before `backlog` for issues nobody has looked at yet — those
 * captured from a team's chat land there. A project has Triage while it has its one triage status.
 * The message an issue was captured from is kept (a decline's reason is posted under it), and a
 * snoozed issue leaves the triage list until its time.
 */
export class Migration20261207100000_triage extends Migration {
  override name = 'Migration20261207100000_triage';

  override up(): void {
    this.addSql(`alter table statuses drop constraint statuses_category_check;`);
    this.addSql(`alter table statuses add constraint statuses_category_check check (category in ('triage', 'backlog', 'unstarted', 'started', 'completed', 'canceled'));`);
    this.addSql(`create unique index statuses_one_triage on statuses (project_id) where category = 'triage';`);
    this.addSql(`
      create table issue_sources (
        issue_id int primary key references issues(id) on delete cascade,
        chat_id bigint not null,
        thread_id int not null default 0,
        message_id int not null,
        url text not null,
        author text not null default ''
      );`);
    this.addSql(`
      create table triage_snoozes (
        issue_id int primary key references issues(id) on delete cascade,
        until timestamptz not null
      );`);
    // A message may answer another (the decline's reason, under the message it was captured from).
    this.addSql(`alter table telegram_outbox add column reply_to int null;`);
  }

  override down(): void {
    this.addSql(`alter table telegram_outbox drop column reply_to;`);
    this.addSql(`drop table triage_snoozes;`);
    this.addSql(`drop table issue_sources;`);
    this.addSql(`drop index statuses_one_triage;`);
    this.addSql(`update statuses set category = 'backlog' where category = 'triage';`);
    this.addSql(`alter table statuses drop constraint statuses_category_check;`);
    this.addSql(`alter table statuses add constraint statuses_category_check check (category in ('backlog', 'unstarted', 'started', 'completed', 'canceled'));`);
  }
}
