// What the store keeps in IndexedDB, as schemas: not used to read it (a stored database is trusted
// by its SCHEMA_VERSION, with no zod on the start's path), but hashed by stored-schema.test.ts, which
// fails when any of them changes until SCHEMA_VERSION is bumped and SCHEMA_HASH updated: an older
// database is then discarded and the store bootstraps.
import { customFieldSchema } from '@tracker/shared/api/custom-fields';
import { userRefSchema } from '@tracker/shared/api/common';
import { cycleSchema } from '@tracker/shared/api/cycles';
import { milestoneSchema } from '@tracker/shared/api/milestones';
import { commentSchema, issueListItemSchema, savedViewSchema } from '@tracker/shared/api/issues';
import { syncLabelSchema, syncMemberSchema, syncProjectSchema, syncStatusSchema, syncStreamSchema } from '@tracker/shared/api/sync';
import { z } from 'zod';
import type { Table } from './dirty.ts';
import type { OutboxEntry } from './outbox-model.ts';
import type { Meta } from './persist.ts';

export const tableSchemas = {
  projects: syncProjectSchema,
  statuses: syncStatusSchema,
  labels: syncLabelSchema,
  members: syncMemberSchema,
  users: userRefSchema,
  issues: issueListItemSchema,
  comments: commentSchema,
  customFields: customFieldSchema,
  views: savedViewSchema,
  streams: syncStreamSchema,
  cycles: cycleSchema,
  milestones: milestoneSchema,
} satisfies Record<Table, z.ZodType>;

export const metaSchema = z.object({
  syncId: z.number().int(),
  evicted: z.array(z.number().int()),
  lastUsed: z.array(z.tuple([z.number().int(), z.number()])),
  confirmed: z.array(issueListItemSchema),
}) satisfies z.ZodType<Meta>;

export const outboxEntrySchema = z.object({
  id: z.string().max(100),
  kind: z.enum(['update', 'move']),
  issueId: z.number().int(),
  body: z.record(z.string().max(100), z.unknown()),
  optimistic: issueListItemSchema.partial(),
  editedAt: z.iso.datetime({ offset: true }),
  seq: z.number(),
}) satisfies z.ZodType<OutboxEntry>;
