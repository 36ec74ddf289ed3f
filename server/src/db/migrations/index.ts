// Migrations are listed explicitly (no file globbing), in order.
import { Migration20261122000000_platform } from './Migration20261122000000_platform.ts';
import { Migration20261122100000_tracker } from './Migration20261122100000_tracker.ts';
import { Migration20261122200000_search_words } from './Migration20261122200000_search_words.ts';
import { Migration20261122250000_change_notify } from './Migration20261122250000_change_notify.ts';
import { Migration20261122300000_accounts } from './Migration20261122300000_accounts.ts';
import { Migration20261122400000_blog_admin } from './Migration20261122400000_blog_admin.ts';
import { Migration20261122500000_telegram } from './Migration20261122500000_telegram.ts';
import { Migration20261122600000_bot } from './Migration20261122600000_bot.ts';
import { Migration20261125100000_account_security } from './Migration20261125100000_account_security.ts';
import { Migration20261125400000_issue_version } from './Migration20261125400000_issue_version.ts';
import { Migration20261126100000_issue_sort_indexes } from './Migration20261126100000_issue_sort_indexes.ts';
import { Migration20261126200000_search_indexes } from './Migration20261126200000_search_indexes.ts';
import { Migration20261127100000_data_versions } from './Migration20261127100000_data_versions.ts';
import { Migration20261127200000_cross_project_sort_indexes } from './Migration20261127200000_cross_project_sort_indexes.ts';
import { Migration20261127300000_graphile_worker } from './Migration20261127300000_graphile_worker.ts';
import { Migration20261127400000_blobs } from './Migration20261127400000_blobs.ts';
import { Migration20261127600000_search_words } from './Migration20261127600000_search_words.ts';
import { Migration20261127700000_assignee_key_index } from './Migration20261127700000_assignee_key_index.ts';
import { Migration20261127800000_status_sort_indexes } from './Migration20261127800000_status_sort_indexes.ts';
import { Migration20261128100000_versions_at_commit } from './Migration20261128100000_versions_at_commit.ts';
import { Migration20261128200000_status_sort_order_index } from './Migration20261128200000_status_sort_order_index.ts';
import { Migration20261128300000_sync_log } from './Migration20261128300000_sync_log.ts';

export const migrationsList = [
  { name: 'Migration20261122000000_platform', class: Migration20261122000000_platform },
  { name: 'Migration20261122100000_tracker', class: Migration20261122100000_tracker },
  { name: 'Migration20261122200000_search_words', class: Migration20261122200000_search_words },
  { name: 'Migration20261122250000_change_notify', class: Migration20261122250000_change_notify },
  { name: 'Migration20261122300000_accounts', class: Migration20261122300000_accounts },
  { name: 'Migration20261122400000_blog_admin', class: Migration20261122400000_blog_admin },
  { name: 'Migration20261122500000_telegram', class: Migration20261122500000_telegram },
  { name: 'Migration20261122600000_bot', class: Migration20261122600000_bot },
  { name: 'Migration20261125100000_account_security', class: Migration20261125100000_account_security },
  { name: 'Migration20261125400000_issue_version', class: Migration20261125400000_issue_version },
  { name: 'Migration20261126100000_issue_sort_indexes', class: Migration20261126100000_issue_sort_indexes },
  { name: 'Migration20261126200000_search_indexes', class: Migration20261126200000_search_indexes },
  { name: 'Migration20261127100000_data_versions', class: Migration20261127100000_data_versions },
  { name: 'Migration20261127200000_cross_project_sort_indexes', class: Migration20261127200000_cross_project_sort_indexes },
  { name: 'Migration20261127300000_graphile_worker', class: Migration20261127300000_graphile_worker },
  { name: 'Migration20261127400000_blobs', class: Migration20261127400000_blobs },
  { name: 'Migration20261127600000_search_words', class: Migration20261127600000_search_words },
  { name: 'Migration20261127700000_assignee_key_index', class: Migration20261127700000_assignee_key_index },
  { name: 'Migration20261127800000_status_sort_indexes', class: Migration20261127800000_status_sort_indexes },
  { name: 'Migration20261128100000_versions_at_commit', class: Migration20261128100000_versions_at_commit },
  { name: 'Migration20261128200000_status_sort_order_index', class: Migration20261128200000_status_sort_order_index },
  { name: 'Migration20261128300000_sync_log', class: Migration20261128300000_sync_log },
];
