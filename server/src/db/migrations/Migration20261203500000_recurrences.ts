import { Migration } from '@mikro-orm/migrations';

/**
 * Recurring issues (issue 17, item 5). A series is one `recurrences` row on its current head issue:
 * in `schedule` mode the head is the template copied at each date; in `on_complete` mode the row
 * moves to each new issue. `recurrence_occurrences` holds one row per created occurrence, and its
 * primary key (series, date) is what makes each occurrence happen once across replicas.
 */
export class Migration20261203500000_recurrences extends Migration {
  override name = 'Migration20261203500000_recurrences';

  override up(): void {
    this.addSql(`
      create table recurrences (
        id serial primary key,
        issue_id integer not null unique references issues(id) on delete cascade,
        rrule text not null,
        mode text not null check (mode in ('schedule', 'on_complete')),
        dtstart timestamptz not null,
        next_at timestamptz,
        last_occurrence_at timestamptz,
        created_by integer references users(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index recurrences_due on recurrences (next_at) where mode = 'schedule' and next_at is not null;`);
    this.addSql(`
      create table recurrence_occurrences (
        recurrence_id integer not null references recurrences(id) on delete cascade,
        occurs_at timestamptz not null,
        issue_id integer references issues(id) on delete set null,
        created_at timestamptz not null default now(),
        primary key (recurrence_id, occurs_at)
      );`);
    this.addSql(`create index recurrence_occurrences_issue on recurrence_occurrences (issue_id) where issue_id is not null;`);
  }

  override down(): void {
    this.addSql('drop table if exists recurrence_occurrences;');
    this.addSql('drop table if exists recurrences;');
  }
}
