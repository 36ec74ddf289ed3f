import { Migration } from '@mikro-orm/migrations';

/**
 * Files the web app made itself (a chart's CSV or PNG), held for Telegram's downloader: inside
 * Telegram a webview may not save a file made in the page, and the client downloads only from an
 * address. A row lives as long as its signed link (minutes); each new file deletes the expired ones.
 */
export class Migration20261211200000_browser_files extends Migration {
  override name = 'Migration20261211200000_browser_files';

  override up(): void {
    this.addSql(`
      create table browser_files (
        id uuid primary key default gen_random_uuid(),
        user_id int not null references users(id) on delete cascade,
        file_name varchar(200) not null,
        content_type varchar(50) not null,
        body bytea not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      );`);
    this.addSql(`create index browser_files_expires on browser_files (expires_at);`);
    this.addSql(`create index browser_files_user on browser_files (user_id, created_at);`);
  }

  override down(): void {
    this.addSql(`drop table browser_files;`);
  }
}
