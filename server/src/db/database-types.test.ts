import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { DATABASE_TYPES_FILE, databaseTypes } from './database-types.ts';

describe('the database types', () => {
  it('are those of the migrated database (run `npm run db:types` after a migration)', async () => {
    expect(await databaseTypes(inject('pgTemplateUrl'))).toBe(readFileSync(DATABASE_TYPES_FILE, 'utf8'));
  });
});
