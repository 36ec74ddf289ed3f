import { Migration } from '@mikro-orm/migrations';

const issueVector = (text: (column: string) => string) => `
  setweight(to_tsvector('russian', ${text('title')}), 'A') ||
  setweight(to_tsvector('english', ${text('title')}), 'A') ||
  setweight(to_tsvector('russian', ${text('description')}), 'B') ||
  setweight(to_tsvector('english', ${text('description')}), 'B')`;
const commentVector = (text: (column: string) => string) => `to_tsvector('russian', ${text('body')}) || to_tsvector('english', ${text('body')})`;
const plain = (column: string) => `coalesce(${column}, '')`;
// PostgreSQL's text-search parser reads `<pricing>` as an XML tag and drops the word inside.
const untagged = (column: string) => `translate(coalesce(${column}, ''), '<>', '  ')`;

/**
 * The update ids the bot has seen (bot_updates): Telegram delivers an update again when it saw no
 * answer in time, and applying one twice moved a due date twice. And issue and comment text
 * searchable inside angle brackets (issue 16): "Update the <pricing> page" was not found by
 * "pricing". Changing the generated columns' expression rewrites the tables and their indexes.
 */
export class Migration20261130100000_bot_updates extends Migration {
  override name = 'Migration20261130100000_bot_updates';

  override up(): void {
    this.addSql(`create table bot_updates (update_id bigint primary key, seen_at timestamptz not null default now());`);
    this.addSql(`create index bot_updates_seen_at on bot_updates (seen_at);`);
    this.addSql(`alter table issues alter column search_vector set expression as (${issueVector(untagged)});`);
    this.addSql(`alter table comments alter column search_vector set expression as (${commentVector(untagged)});`);
  }

  override down(): void {
    this.addSql(`alter table comments alter column search_vector set expression as (${commentVector((c) => c)});`);
    this.addSql(`alter table issues alter column search_vector set expression as (${issueVector(plain)});`);
    this.addSql('drop table if exists bot_updates;');
  }
}
