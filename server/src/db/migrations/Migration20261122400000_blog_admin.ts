import { Migration } from '@mikro-orm/migrations';

/**
 * Blog (posts with per-language versions, old slugs, processed images), blocking users, and the
 * admin-managed allow-list of external redirect hosts.
 */
export class Migration20261122400000_blog_admin extends Migration {
  override name = 'Migration20261122400000_blog_admin';

  override up(): void {
    this.addSql(`alter table users add column blocked_at timestamptz null;`);
    // The admin dashboard counts sign-ups and new issues per day.
    this.addSql(`create index users_created_at on users (created_at);`);
    this.addSql(`create index issues_created_at on issues (created_at);`);
    this.addSql(`
      create table redirect_hosts (
        host varchar(253) primary key,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table blog_images (
        id serial primary key,
        storage_key varchar(32) not null unique,
        width int not null,
        height int not null,
        widths int[] not null,
        placeholder text not null,
        uploader_id int null references users(id) on delete set null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table blog_posts (
        id serial primary key,
        slug varchar(120) not null unique,
        author_id int null references users(id) on delete set null,
        cover_image_id int null references blog_images(id) on delete set null,
        tags text[] not null default '{}',
        status varchar(16) not null default 'draft' check (status in ('draft', 'published')),
        published_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index blog_posts_public on blog_posts (published_at desc, id desc) where status = 'published';`);
    this.addSql(`create index blog_posts_tags on blog_posts using gin (tags);`);
    this.addSql(`
      create table blog_post_versions (
        post_id int not null references blog_posts(id) on delete cascade,
        locale varchar(5) not null,
        title varchar(200) not null,
        excerpt varchar(500) not null default '',
        body text not null default '',
        updated_at timestamptz not null default now(),
        primary key (post_id, locale)
      );`);
    this.addSql(`
      create table blog_old_slugs (
        slug varchar(120) primary key,
        post_id int not null references blog_posts(id) on delete cascade
      );`);
  }

  override down(): void {
    this.addSql('drop table if exists blog_old_slugs, blog_post_versions, blog_posts, blog_images, redirect_hosts cascade;');
    this.addSql('drop index if exists users_created_at, issues_created_at;');
    this.addSql('alter table users drop column if exists blocked_at;');
  }
}
