// Made by `npm run db:types` from the migrations (server/src/db/database-types.ts); do not edit.
import type { ColumnType } from "kysely";

export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;

export type Int8 = ColumnType<string, bigint | number | string, bigint | number | string>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Numeric = ColumnType<string, number | string, number | string>;

export interface Activities {
  action: string;
  actor_id: number | null;
  created_at: Generated<string>;
  field: string | null;
  id: Generated<Int8>;
  issue_id: number | null;
  new_value: Json | null;
  old_value: Json | null;
  project_id: number | null;
  stream_id: number | null;
}

export interface AdminEmailGrants {
  email: string;
  granted_at: Generated<string>;
  holds_role: Generated<boolean>;
  user_id: number;
}

export interface ApiTokens {
  created_at: Generated<string>;
  expires_at: string | null;
  id: Generated<number>;
  last_used_at: string | null;
  name: string;
  revoked_at: string | null;
  scope: string;
  token_hash: string;
  user_id: number;
}

export interface Attachments {
  created_at: Generated<string>;
  file_name: string;
  id: Generated<number>;
  issue_id: number;
  mime_type: string;
  size: number;
  storage_key: string;
  uploader_id: number | null;
}

export interface Blobs {
  content_type: string;
  created_at: Generated<string>;
  data: Buffer;
  key: string;
  size: number;
}

export interface BlogImages {
  created_at: Generated<string>;
  height: number;
  id: Generated<number>;
  placeholder: string;
  storage_key: string;
  uploader_id: number | null;
  width: number;
  widths: number[];
}

export interface BlogOldSlugs {
  post_id: number;
  slug: string;
}

export interface BlogPosts {
  author_id: number | null;
  cover_image_id: number | null;
  created_at: Generated<string>;
  id: Generated<number>;
  published_at: string | null;
  slug: string;
  status: Generated<string>;
  tags: Generated<string[]>;
  updated_at: Generated<string>;
}

export interface BlogPostVersions {
  body: Generated<string>;
  excerpt: Generated<string>;
  locale: string;
  post_id: number;
  title: string;
  updated_at: Generated<string>;
}

export interface BotChatPrefs {
  locale: string;
  telegram_id: Int8;
}

export interface BotConversations {
  key: string;
  updated_at: Generated<string>;
  value: Json;
}

export interface BotUpdates {
  seen_at: Generated<string>;
  update_id: Int8;
}

export interface BrowserFiles {
  body: Buffer;
  content_type: string;
  created_at: Generated<string>;
  expires_at: string;
  file_name: string;
  id: Generated<string>;
  user_id: number;
}

export interface CalendarFeeds {
  api_token_id: number | null;
  created_at: Generated<string>;
  id: Generated<number>;
  owner_id: number;
  revoked_at: string | null;
  scope: string;
  scope_id: number | null;
  token_hash: string;
}

export interface CommentExternalRefs {
  comment_id: number;
  external_id: string;
  issue_id: number;
  source: string;
}

export interface Comments {
  author_id: number | null;
  body: string;
  created_at: Generated<string>;
  id: Generated<number>;
  issue_id: number;
  search_vector: Generated<string | null>;
  updated_at: Generated<string>;
}

export interface CustomFieldOptions {
  color: Generated<string>;
  field_id: number;
  id: Generated<number>;
  name: string;
  position: Generated<number>;
}

export interface CustomFieldProjects {
  field_id: number;
  project_id: number;
}

export interface CustomFields {
  archived_at: string | null;
  created_at: Generated<string>;
  default_value: Json | null;
  description_en: Generated<string>;
  description_ru: Generated<string>;
  id: Generated<number>;
  name_en: string;
  name_ru: string;
  position: Generated<number>;
  required: Generated<boolean>;
  scope: Generated<string>;
  type: string;
  updated_at: Generated<string>;
}

export interface CycleIssues {
  added_at: Generated<string>;
  completed_at: string | null;
  cycle_id: number;
  id: Generated<Int8>;
  issue_id: number;
  removed_at: string | null;
}

export interface Cycles {
  created_at: Generated<string>;
  ends_on: string;
  id: Generated<number>;
  name: string | null;
  number: number;
  project_id: number;
  rolled_over_at: string | null;
  starts_on: string;
  time_zone: string;
}

export interface GraphileWorkerJobs {
  attempts: number | null;
  created_at: string | null;
  flags: Json | null;
  id: Int8 | null;
  key: string | null;
  last_error: string | null;
  locked_at: string | null;
  locked_by: string | null;
  max_attempts: number | null;
  priority: number | null;
  queue_name: string | null;
  revision: number | null;
  run_at: string | null;
  task_identifier: string | null;
  updated_at: string | null;
}

export interface GraphileWorkerMigrations {
  breaking: Generated<boolean>;
  id: number;
  ts: Generated<string>;
}

export interface GraphileWorkerPrivateJobQueues {
  id: Generated<number>;
  is_available: Generated<boolean>;
  locked_at: string | null;
  locked_by: string | null;
  queue_name: string;
}

export interface GraphileWorkerPrivateJobs {
  attempts: Generated<number>;
  created_at: Generated<string>;
  flags: Json | null;
  id: Generated<Int8>;
  is_available: Generated<boolean>;
  job_queue_id: number | null;
  key: string | null;
  last_error: string | null;
  locked_at: string | null;
  locked_by: string | null;
  max_attempts: Generated<number>;
  payload: Generated<Json>;
  priority: Generated<number>;
  revision: Generated<number>;
  run_at: Generated<string>;
  task_id: number;
  updated_at: Generated<string>;
}

export interface GraphileWorkerPrivateKnownCrontabs {
  identifier: string;
  known_since: string;
  last_execution: string | null;
}

export interface GraphileWorkerPrivateTasks {
  id: Generated<number>;
  identifier: string;
}

export interface Imports {
  created_at: Generated<string>;
  file: Buffer | null;
  file_name: Generated<string>;
  finished_at: string | null;
  format: string;
  id: Generated<number>;
  locale: Generated<string>;
  mapping: Generated<Json>;
  preview: Json | null;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  project_id: number;
  report: Json | null;
  status: string;
  user_id: number | null;
}

export interface InboxItems {
  activity_id: Int8 | null;
  actor_id: number | null;
  archived_at: string | null;
  created_at: Generated<string>;
  data: Generated<Json>;
  id: Generated<number>;
  issue_id: number;
  kind: string;
  read_at: string | null;
  snoozed_until: string | null;
  user_id: number;
}

export interface IssueExternalRefs {
  external_id: string;
  issue_id: number;
  project_id: number;
  source: string;
}

export interface IssueLabels {
  issue_id: number;
  label_id: number;
}

export interface IssueRelations {
  created_at: Generated<string>;
  from_issue_id: number;
  id: Generated<number>;
  to_issue_id: number;
  type: string;
}

export interface Issues {
  assignee_id: number | null;
  completed_at: string | null;
  created_at: Generated<string>;
  custom_values: Generated<Json>;
  cycle_id: number | null;
  description: Generated<string>;
  due_date: string | null;
  estimate: Numeric | null;
  field_changed_at: Generated<Json>;
  field_versions: Generated<Json>;
  id: Generated<number>;
  milestone_id: number | null;
  number: number;
  parent_id: number | null;
  priority: Generated<number>;
  project_id: number;
  reporter_id: number | null;
  sort_order: Generated<number>;
  start_date: string | null;
  status_id: number;
  title: string;
  updated_at: Generated<string>;
  version: Generated<number>;
}

export interface IssueSearch {
  issue_id: number;
  project_id: number;
  search_vector: string;
  title: string;
}

export interface IssueSla {
  issue_id: number;
  paused_at: string | null;
  resolve_breached_at: string | null;
  resolve_by: string | null;
  resolve_paused_ms: Generated<Int8>;
  resolved_at: string | null;
  respond_breached_at: string | null;
  respond_by: string | null;
  respond_paused_ms: Generated<Int8>;
  responded_at: string | null;
  started_at: string;
}

export interface IssueSources {
  author: Generated<string>;
  chat_id: Int8;
  issue_id: number;
  message_id: number;
  thread_id: Generated<number>;
  url: string;
}

export interface IssueStarts {
  issue_id: number;
  started_at: string;
}

export interface IssueStreams {
  issue_id: number;
  stream_id: number;
}

export interface IssueTemplates {
  assignee_id: number | null;
  checklist: Generated<Json>;
  created_at: Generated<string>;
  custom_values: Generated<Json>;
  description: Generated<string>;
  due_in_days: number | null;
  estimate: Numeric | null;
  id: Generated<number>;
  label_ids: Generated<number[]>;
  name: string;
  name_key: string;
  position: Generated<number>;
  priority: Generated<number>;
  project_id: number;
  title_pattern: Generated<string>;
  updated_at: Generated<string>;
}

export interface IssueWatchers {
  issue_id: number;
  user_id: number;
}

export interface JobsLegacyFailed {
  attempts: Generated<number>;
  created_at: Generated<string>;
  failed_at: string | null;
  id: Generated<Int8>;
  kind: string;
  last_error: string | null;
  locked_until: string | null;
  max_attempts: Generated<number>;
  payload: Json;
  run_at: Generated<string>;
}

export interface Labels {
  color: Generated<string>;
  id: Generated<number>;
  name: string;
  project_id: number;
}

export interface LoginFailures {
  failures: number;
  key: string;
  last_failure_at: string;
}

export interface Milestones {
  created_at: Generated<string>;
  description: Generated<string>;
  id: Generated<number>;
  name: string;
  project_id: number;
  target_date: string;
  updated_at: Generated<string>;
}

export interface NotificationSettings {
  assigned: Generated<boolean>;
  assigned_comments: Generated<boolean>;
  digest_enabled: Generated<boolean>;
  digest_sent_at: string | null;
  digest_sent_on: string | null;
  digest_time: Generated<number>;
  due_soon: Generated<boolean>;
  mentioned: Generated<boolean>;
  quiet_from: number | null;
  quiet_to: number | null;
  sla_breached: Generated<boolean>;
  status_changed: Generated<boolean>;
  time_zone: Generated<string>;
  updated_at: Generated<string>;
  user_id: number;
}

export interface PhoneCodes {
  attempts: Generated<number>;
  code_hash: string;
  created_at: Generated<string>;
  expires_at: string;
  phone: string;
  user_id: number;
}

export interface ProjectCycleSettings {
  project_id: number;
  start_day: number;
  time_zone: string;
  updated_at: Generated<string>;
  weeks: number;
}

export interface ProjectDataVersions {
  project_id: number;
  version: Generated<Int8>;
}

export interface ProjectInvites {
  created_at: Generated<string>;
  created_by: number | null;
  email: string | null;
  expires_at: string;
  id: Generated<number>;
  kind: string;
  max_uses: number | null;
  project_id: number;
  revoked_at: string | null;
  role: string;
  token_hash: string;
  uses: Generated<number>;
}

export interface ProjectMembers {
  created_at: Generated<string>;
  project_id: number;
  role: string;
  user_id: number;
}

export interface Projects {
  archived_at: string | null;
  color: Generated<string>;
  created_at: Generated<string>;
  description: Generated<string>;
  icon: string | null;
  id: Generated<number>;
  issue_counter: Generated<number>;
  key: string;
  lead_id: number | null;
  name: string;
  updated_at: Generated<string>;
  visibility: Generated<string>;
}

export interface ProjectSla {
  business_days: boolean;
  enabled: boolean;
  enabled_at: string | null;
  project_id: number;
  targets: Json;
  time_zone: string;
  updated_at: Generated<string>;
  working_days: number[];
}

export interface RateLimits {
  count: number;
  key: string;
  window_start: string;
}

export interface RecurrenceOccurrences {
  created_at: Generated<string>;
  issue_id: number | null;
  occurs_at: string;
  recurrence_id: number;
}

export interface Recurrences {
  created_at: Generated<string>;
  created_by: number | null;
  dtstart: string;
  id: Generated<number>;
  issue_id: number;
  last_occurrence_at: string | null;
  mode: string;
  next_at: string | null;
  rrule: string;
  updated_at: Generated<string>;
}

export interface RedirectHosts {
  created_at: Generated<string>;
  host: string;
}

export interface Redirects {
  created_at: Generated<string>;
  enabled: Generated<boolean>;
  from_path: string;
  id: Generated<number>;
  permanent: Generated<boolean>;
  to: string;
}

export interface Reminders {
  kind: string;
  last_shown_at: string | null;
  next_show_at: string;
  shown_count: Generated<number>;
  user_id: number;
}

export interface SavedViews {
  created_at: Generated<string>;
  id: Generated<number>;
  name: string;
  owner_id: number;
  project_id: number | null;
  query: Json;
}

export interface SearchWords {
  word: string;
}

export interface Sessions {
  data: Json;
  expires_at: string;
  id: string;
  user_id: number | null;
}

export interface SharedDataVersion {
  id: Generated<boolean>;
  version: Generated<Int8>;
}

export interface Statuses {
  category: string;
  color: Generated<string>;
  id: Generated<number>;
  name: string;
  position: Generated<number>;
  project_id: number;
  waiting: Generated<boolean>;
}

export interface StreamMembers {
  stream_id: number;
  user_id: number;
}

export interface Streams {
  created_at: Generated<string>;
  created_by: number | null;
  description: Generated<string>;
  id: Generated<number>;
  lead_id: number | null;
  name: string;
  start_date: string | null;
  status: Generated<string>;
  target_date: string | null;
  updated_at: Generated<string>;
}

export interface StreamUpdates {
  author_id: number | null;
  body: string;
  created_at: Generated<string>;
  health: string;
  id: Generated<number>;
  stream_id: number;
  updated_at: Generated<string>;
}

export interface SyncChanges {
  created_at: Generated<string>;
  entity: string;
  entity_id: number;
  id: Generated<Int8>;
  owner_id: number | null;
  project_id: number | null;
  was_open: boolean | null;
}

export interface SyncHorizon {
  id: Generated<boolean>;
  pruned_through: Generated<Int8>;
}

export interface TelegramAccounts {
  created_at: Generated<string>;
  first_name: Generated<string>;
  is_premium: Generated<boolean>;
  language_code: string | null;
  last_name: string | null;
  photo_url: string | null;
  telegram_id: Int8;
  updated_at: Generated<string>;
  user_id: number;
  username: string | null;
}

export interface TelegramActivityOrigins {
  activity_id: Int8;
  chat_id: Int8;
}

export interface TelegramAuthUsed {
  key: string;
  used_at: Generated<string>;
}

export interface TelegramChatLinks {
  chat_id: Int8;
  consented_at: string | null;
  consented_by: number | null;
  created_at: Generated<string>;
  created_by: number | null;
  id: Generated<number>;
  locale: Generated<string>;
  project_id: number | null;
  stream_id: number | null;
  thread_id: Generated<number>;
}

export interface TelegramChatPauses {
  chat_id: Int8;
  paused_at: Generated<string>;
  until: string;
}

export interface TelegramChatSettings {
  capture_reactions: Generated<boolean>;
  chat_id: Int8;
  standup_sent_at: string | null;
  standup_sent_on: string | null;
  standup_time: string | null;
  standup_time_zone: Generated<string>;
  updated_at: Generated<string>;
}

export interface TelegramDueNotices {
  due_date: string;
  issue_id: number;
  kind: Generated<string>;
}

export interface TelegramIssueOrigins {
  chat_id: Int8;
  issue_id: number;
}

export interface TelegramLinkRequests {
  chat_id: Int8;
  chat_title: Generated<string>;
  created_at: Generated<string>;
  id: Generated<number>;
  project_id: number;
  thread_id: Generated<number>;
  user_id: number;
}

export interface TelegramLinkTokens {
  created_at: Generated<string>;
  expires_at: string;
  status: Generated<string>;
  telegram_id: Int8 | null;
  token_hash: string;
  user_id: number;
  username: string | null;
}

export interface TelegramOutbox {
  card: string;
  chat_id: Int8;
  created_at: Generated<string>;
  id: Generated<Int8>;
  issue_id: number | null;
  lines: Json;
  reply_markup: Json | null;
  reply_to: number | null;
  send_after: Generated<string>;
  silent: Generated<boolean>;
  thread_id: Generated<number>;
}

export interface TelegramRecentMessages {
  chat_id: Int8;
  message: Json;
  message_id: number;
  received_at: Generated<string>;
}

export interface TimeEntries {
  created_at: Generated<string>;
  date: string;
  id: Generated<number>;
  issue_id: number;
  minutes: number;
  note: Generated<string>;
  updated_at: Generated<string>;
  user_id: number;
}

export interface TriageSnoozes {
  issue_id: number;
  until: string;
}

export interface Users {
  avatar_key: string | null;
  blocked_at: string | null;
  created_at: Generated<string>;
  email: string | null;
  email_confirmed_at: string | null;
  id: Generated<number>;
  locale: Generated<string>;
  name: string;
  password_hash: string | null;
  pending_email: string | null;
  phone: string | null;
  phone_confirmed_at: string | null;
  roles: Generated<string[]>;
  telegram_id: Int8 | null;
  telegram_unreachable_at: string | null;
  telegram_username: string | null;
  updated_at: Generated<string>;
}

export interface UserTokens {
  created_at: Generated<string>;
  email: string | null;
  expires_at: string;
  id: Generated<number>;
  kind: string;
  token_hash: string;
  used_at: string | null;
  user_id: number;
}

export interface WebhookDeliveries {
  attempts: Generated<number>;
  created_at: Generated<string>;
  delivery_uuid: string;
  duration_ms: number | null;
  error: string | null;
  event: string;
  finished_at: string | null;
  id: Generated<Int8>;
  next_retry_at: string | null;
  payload: Json;
  redelivery_of: Int8 | null;
  response_excerpt: string | null;
  response_status: number | null;
  status: Generated<string>;
  webhook_id: number;
}

export interface Webhooks {
  consecutive_failures: Generated<number>;
  created_at: Generated<string>;
  created_by: number | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  enabled: Generated<boolean>;
  events: string[];
  id: Generated<number>;
  project_id: number;
  secret: string;
  url: string;
}

export interface DB {
  activities: Activities;
  admin_email_grants: AdminEmailGrants;
  api_tokens: ApiTokens;
  attachments: Attachments;
  blobs: Blobs;
  blog_images: BlogImages;
  blog_old_slugs: BlogOldSlugs;
  blog_post_versions: BlogPostVersions;
  blog_posts: BlogPosts;
  bot_chat_prefs: BotChatPrefs;
  bot_conversations: BotConversations;
  bot_updates: BotUpdates;
  browser_files: BrowserFiles;
  calendar_feeds: CalendarFeeds;
  comment_external_refs: CommentExternalRefs;
  comments: Comments;
  custom_field_options: CustomFieldOptions;
  custom_field_projects: CustomFieldProjects;
  custom_fields: CustomFields;
  cycle_issues: CycleIssues;
  cycles: Cycles;
  "graphile_worker._private_job_queues": GraphileWorkerPrivateJobQueues;
  "graphile_worker._private_jobs": GraphileWorkerPrivateJobs;
  "graphile_worker._private_known_crontabs": GraphileWorkerPrivateKnownCrontabs;
  "graphile_worker._private_tasks": GraphileWorkerPrivateTasks;
  "graphile_worker.jobs": GraphileWorkerJobs;
  "graphile_worker.migrations": GraphileWorkerMigrations;
  imports: Imports;
  inbox_items: InboxItems;
  issue_external_refs: IssueExternalRefs;
  issue_labels: IssueLabels;
  issue_relations: IssueRelations;
  issue_search: IssueSearch;
  issue_sla: IssueSla;
  issue_sources: IssueSources;
  issue_starts: IssueStarts;
  issue_streams: IssueStreams;
  issue_templates: IssueTemplates;
  issue_watchers: IssueWatchers;
  issues: Issues;
  jobs_legacy_failed: JobsLegacyFailed;
  labels: Labels;
  login_failures: LoginFailures;
  milestones: Milestones;
  notification_settings: NotificationSettings;
  phone_codes: PhoneCodes;
  project_cycle_settings: ProjectCycleSettings;
  project_data_versions: ProjectDataVersions;
  project_invites: ProjectInvites;
  project_members: ProjectMembers;
  project_sla: ProjectSla;
  projects: Projects;
  rate_limits: RateLimits;
  recurrence_occurrences: RecurrenceOccurrences;
  recurrences: Recurrences;
  redirect_hosts: RedirectHosts;
  redirects: Redirects;
  reminders: Reminders;
  saved_views: SavedViews;
  search_words: SearchWords;
  sessions: Sessions;
  shared_data_version: SharedDataVersion;
  statuses: Statuses;
  stream_members: StreamMembers;
  stream_updates: StreamUpdates;
  streams: Streams;
  sync_changes: SyncChanges;
  sync_horizon: SyncHorizon;
  telegram_accounts: TelegramAccounts;
  telegram_activity_origins: TelegramActivityOrigins;
  telegram_auth_used: TelegramAuthUsed;
  telegram_chat_links: TelegramChatLinks;
  telegram_chat_pauses: TelegramChatPauses;
  telegram_chat_settings: TelegramChatSettings;
  telegram_due_notices: TelegramDueNotices;
  telegram_issue_origins: TelegramIssueOrigins;
  telegram_link_requests: TelegramLinkRequests;
  telegram_link_tokens: TelegramLinkTokens;
  telegram_outbox: TelegramOutbox;
  telegram_recent_messages: TelegramRecentMessages;
  time_entries: TimeEntries;
  triage_snoozes: TriageSnoozes;
  user_tokens: UserTokens;
  users: Users;
  webhook_deliveries: WebhookDeliveries;
  webhooks: Webhooks;
}
