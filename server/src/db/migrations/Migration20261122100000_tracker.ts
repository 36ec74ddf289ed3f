import { Migration } from '@mikro-orm/migrations';

// The tracker: projects, workflow, issues, comments, activity, streams, custom fields, views, feeds.
export class Migration20261122100000_tracker extends Migration {
  override name = 'Migration20261122100000_tracker';

  override up(): void {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`
      create table projects (
        id serial primary key,
        key varchar(10) not null unique check (key ~ '^[A-Z]{2,10}$'),
        name varchar(100) not null,
        description text not null default '',
        color varchar(7) not null default '#3b82f6',
        icon varchar(32) null,
        lead_id int null references users(id) on delete set null,
        visibility varchar(10) not null default 'members' check (visibility in ('members', 'all')),
        issue_counter int not null default 0,
        archived_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table project_members (
        project_id int not null references projects(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        role varchar(10) not null check (role in ('owner', 'member', 'viewer')),
        created_at timestamptz not null default now(),
        primary key (project_id, user_id)
      );`);
    this.addSql(`create index project_members_user_index on project_members (user_id);`);
    this.addSql(`
      create table statuses (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        name varchar(50) not null,
        category varchar(10) not null check (category in ('backlog', 'unstarted', 'started', 'completed', 'canceled')),
        color varchar(7) not null default '#94a3b8',
        position int not null default 0
      );`);
    this.addSql(`create index statuses_project_index on statuses (project_id, position);`);
    this.addSql(`
      create table labels (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        name varchar(50) not null,
        color varchar(7) not null default '#64748b'
      );`);
    this.addSql(`create unique index labels_project_name_unique on labels (project_id, lower(name));`);

    this.addSql(`
      create table issues (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        number int not null,
        title varchar(300) not null,
        description text not null default '',
        status_id int not null references statuses(id),
        priority smallint not null default 0 check (priority between 0 and 4),
        assignee_id int null references users(id) on delete set null,
        reporter_id int null references users(id) on delete set null,
        start_date date null,
        due_date date null,
        estimate numeric(8,2) null check (estimate >= 0),
        parent_id int null references issues(id) on delete set null,
        sort_order double precision not null default 0,
        custom_values jsonb not null default '{}',
        completed_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        search_vector tsvector generated always as (
          setweight(to_tsvector('russian', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('russian', coalesce(description, '')), 'B') ||
          setweight(to_tsvector('english', coalesce(description, '')), 'B')
        ) stored,
        unique (project_id, number),
        check (start_date is null or due_date is null or start_date <= due_date)
      );`);
    this.addSql(`create index issues_project_status_updated on issues (project_id, status_id, updated_at desc, id desc);`);
    this.addSql(`create index issues_project_updated on issues (project_id, updated_at desc, id desc);`);
    this.addSql(`create index issues_updated on issues (updated_at desc, id desc);`);
    this.addSql(`create index issues_assignee on issues (assignee_id, updated_at desc) where assignee_id is not null;`);
    this.addSql(`create index issues_due on issues (due_date) where due_date is not null;`);
    this.addSql(`create index issues_parent on issues (parent_id) where parent_id is not null;`);
    this.addSql(`create index issues_search on issues using gin (search_vector);`);
    this.addSql(`create index issues_title_trgm on issues using gin (title gin_trgm_ops);`);
    this.addSql(`create index issues_custom_values on issues using gin (custom_values jsonb_path_ops);`);

    this.addSql(`
      create table issue_labels (
        issue_id int not null references issues(id) on delete cascade,
        label_id int not null references labels(id) on delete cascade,
        primary key (issue_id, label_id)
      );`);
    this.addSql(`create index issue_labels_label on issue_labels (label_id);`);
    this.addSql(`
      create table issue_relations (
        id serial primary key,
        from_issue_id int not null references issues(id) on delete cascade,
        to_issue_id int not null references issues(id) on delete cascade,
        type varchar(12) not null check (type in ('blocks', 'relates', 'duplicates')),
        created_at timestamptz not null default now(),
        unique (from_issue_id, to_issue_id, type),
        check (from_issue_id <> to_issue_id)
      );`);
    this.addSql(`create index issue_relations_to on issue_relations (to_issue_id);`);
    this.addSql(`
      create table issue_watchers (
        issue_id int not null references issues(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        primary key (issue_id, user_id)
      );`);
    this.addSql(`
      create table comments (
        id serial primary key,
        issue_id int not null references issues(id) on delete cascade,
        author_id int null references users(id) on delete set null,
        body text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        search_vector tsvector generated always as (to_tsvector('russian', body) || to_tsvector('english', body)) stored
      );`);
    this.addSql(`create index comments_issue on comments (issue_id, created_at);`);
    this.addSql(`create index comments_search on comments using gin (search_vector);`);
    this.addSql(`
      create table attachments (
        id serial primary key,
        issue_id int not null references issues(id) on delete cascade,
        uploader_id int null references users(id) on delete set null,
        file_name varchar(255) not null,
        mime_type varchar(127) not null,
        size int not null,
        storage_key varchar(255) not null unique,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index attachments_issue on attachments (issue_id);`);
    this.addSql(`
      create table activities (
        id bigserial primary key,
        issue_id int null references issues(id) on delete cascade,
        stream_id int null,
        project_id int null references projects(id) on delete cascade,
        actor_id int null references users(id) on delete set null,
        action varchar(30) not null,
        field varchar(60) null,
        old_value jsonb null,
        new_value jsonb null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index activities_issue on activities (issue_id, id) where issue_id is not null;`);
    this.addSql(`create index activities_project on activities (project_id, id desc) where project_id is not null;`);

    this.addSql(`
      create table streams (
        id serial primary key,
        name varchar(100) not null,
        description text not null default '',
        status varchar(12) not null default 'planned' check (status in ('backlog', 'planned', 'in_progress', 'paused', 'completed', 'canceled')),
        lead_id int null references users(id) on delete set null,
        start_date date null,
        target_date date null,
        created_by int null references users(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`alter table activities add constraint activities_stream_fk foreign key (stream_id) references streams(id) on delete cascade;`);
    this.addSql(`create index activities_stream on activities (stream_id, id desc) where stream_id is not null;`);
    this.addSql(`
      create table stream_members (
        stream_id int not null references streams(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        primary key (stream_id, user_id)
      );`);
    this.addSql(`
      create table issue_streams (
        issue_id int not null references issues(id) on delete cascade,
        stream_id int not null references streams(id) on delete cascade,
        primary key (issue_id, stream_id)
      );`);
    this.addSql(`create index issue_streams_stream on issue_streams (stream_id);`);
    this.addSql(`
      create table stream_updates (
        id serial primary key,
        stream_id int not null references streams(id) on delete cascade,
        author_id int null references users(id) on delete set null,
        body text not null,
        health varchar(10) not null check (health in ('on_track', 'at_risk', 'off_track')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index stream_updates_stream on stream_updates (stream_id, created_at desc);`);

    this.addSql(`
      create table custom_fields (
        id serial primary key,
        type varchar(12) not null check (type in ('text', 'number', 'date', 'checkbox', 'url', 'user', 'select', 'multiselect')),
        name_ru varchar(100) not null,
        name_en varchar(100) not null,
        description_ru text not null default '',
        description_en text not null default '',
        required boolean not null default false,
        default_value jsonb null,
        scope varchar(10) not null default 'all' check (scope in ('all', 'projects')),
        position int not null default 0,
        archived_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table custom_field_options (
        id serial primary key,
        field_id int not null references custom_fields(id) on delete cascade,
        name varchar(100) not null,
        color varchar(7) not null default '#64748b',
        position int not null default 0
      );`);
    this.addSql(`create index custom_field_options_field on custom_field_options (field_id, position);`);
    this.addSql(`
      create table custom_field_projects (
        field_id int not null references custom_fields(id) on delete cascade,
        project_id int not null references projects(id) on delete cascade,
        primary key (field_id, project_id)
      );`);

    this.addSql(`
      create table saved_views (
        id serial primary key,
        owner_id int not null references users(id) on delete cascade,
        project_id int null references projects(id) on delete cascade,
        name varchar(100) not null,
        query jsonb not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index saved_views_owner on saved_views (owner_id);`);
    this.addSql(`create index saved_views_project on saved_views (project_id) where project_id is not null;`);

    this.addSql(`
      create table calendar_feeds (
        id serial primary key,
        owner_id int not null references users(id) on delete cascade,
        scope varchar(10) not null check (scope in ('user', 'project', 'stream')),
        scope_id int null,
        token_hash varchar(64) not null unique,
        created_at timestamptz not null default now(),
        revoked_at timestamptz null
      );`);
    this.addSql(`create index calendar_feeds_owner on calendar_feeds (owner_id);`);
  }

  override down(): void {
    this.addSql(`drop table if exists calendar_feeds, saved_views, custom_field_projects, custom_field_options, custom_fields,
      stream_updates, issue_streams, stream_members, activities, streams, attachments, comments, issue_watchers,
      issue_relations, issue_labels, issues, labels, statuses, project_members, projects cascade;`);
  }
}
