import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SCHEMA_HASH, SCHEMA_VERSION } from './store-db.ts';
import { metaSchema, outboxEntrySchema, tableSchemas } from './stored-schema.ts';

/** The stored shape as JSON Schema, hashed: any change of a field, a type or an enum changes it. */
const hashOf = (schema: z.ZodType) => createHash('sha256').update(JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' }))).digest('hex').slice(0, 16);

describe('the store in IndexedDB', () => {
  it('is read without validation, so a change of what it holds bumps SCHEMA_VERSION', () => {
    const hash = hashOf(z.object({ tables: z.object(tableSchemas), meta: metaSchema, outbox: outboxEntrySchema }));
    expect(hash, `the stored shape changed: bump SCHEMA_VERSION (now ${SCHEMA_VERSION}) and set SCHEMA_HASH to '${hash}'`).toBe(SCHEMA_HASH);
  });
});
