// Migrations are listed explicitly (no file globbing), in order.
import { Migration20261122000000_platform } from './Migration20261122000000_platform.ts';

export const migrationsList = [{ name: 'Migration20261122000000_platform', class: Migration20261122000000_platform }];
