import { Migration } from '@mikro-orm/migrations';

/**
 * File bytes (attachments, avatars, blog images) in PostgreSQL, so every replica reads the same files
 * (issue 13, item 5). bytea, not large objects: files are bounded (15 MB at most), a row goes with its
 * key and is dumped, restored and deleted like any row, where large objects need lo_unlink and leak
 * when forgotten. Storage EXTERNAL (out of line, uncompressed): images and most uploads are already
 * compressed, and `substring()` then reads only the TOAST chunks it needs, so a download streams in
 * slices instead of loading the whole file.
 */
export class Migration20261127400000_blobs extends Migration {
  override name = 'Migration20261127400000_blobs';

  override up(): void {
    this.addSql(`
      create table blobs (
        key varchar(255) primary key,
        content_type varchar(127) not null,
        size integer not null check (size >= 0),
        data bytea not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`alter table blobs alter column data set storage external;`);
  }

  override down(): void {
    this.addSql('drop table if exists blobs;');
  }
}
