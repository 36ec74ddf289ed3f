// The one shape every import format is read into (issue 17): the Jira, Linear and generic CSV,
// Trello and GitHub JSON parsers and Tracker's own export.json each turn a file into
// ImportRecord[], and the import job only ever writes ImportRecords. People are named by e-mail when
// the source has one, else by name or login; the job matches them to users (or to a hand mapping).
import { z } from 'zod';
import { INT4_MAX, int32, jsonValue, text } from './fields.ts';
import { PRIORITIES } from './issues.ts';
import { STATUS_CATEGORIES } from './projects.ts';

export const IMPORT_FORMATS = ['csv', 'jira', 'trello', 'github', 'linear', 'tracker'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const person = z.object({ email: text().max(254).optional(), name: text().max(200).optional() });
export type ImportPerson = z.infer<typeof person>;

/** ISO date-time or YYYY-MM-DD, as the source gave it (parsers normalise to ISO). */
const when = text().max(40);

export const importCommentSchema = z.object({
  externalId: text().max(200).optional(),
  author: person.optional(),
  body: text().max(100_000),
  createdAt: when.optional(),
  updatedAt: when.optional(),
});

export const importActivitySchema = z.object({
  action: text().max(30),
  field: text().max(60).nullable().optional(),
  oldValue: jsonValue().optional(),
  newValue: jsonValue().optional(),
  actor: person.optional(),
  createdAt: when,
});

export const importAttachmentSchema = z.object({
  fileName: text().max(255),
  mimeType: text().max(127),
  size: int32(0),
  createdAt: when.optional(),
  uploader: person.optional(),
});

export const importRecordSchema = z.object({
  /** Stable id in the source (Jira key, Trello card id, GitHub number, Linear id, Tracker number): re-imports update by it. */
  externalId: text().min(1).max(200),
  /** The 1-based line (CSV) or item index (JSON) the record came from, for the report. */
  row: int32(1),
  title: text().max(300),
  description: text().max(100_000).optional(),
  status: z.object({ name: text().max(50), category: z.enum(STATUS_CATEGORIES).optional(), color: text().optional() }).optional(),
  priority: z.enum(PRIORITIES).optional(),
  labels: z.array(z.object({ name: text().max(50), color: text().optional() })).default([]),
  assignee: person.optional(),
  reporter: person.optional(),
  startDate: when.optional(),
  dueDate: when.optional(),
  estimate: z.number().min(0).max(INT4_MAX).optional(),
  parentExternalId: text().max(200).optional(),
  /** Custom field values by field name. */
  fields: z.record(text(), jsonValue()).default({}),
  createdAt: when.optional(),
  updatedAt: when.optional(),
  completedAt: when.optional(),
  comments: z.array(importCommentSchema).default([]),
  activity: z.array(importActivitySchema).default([]),
  attachments: z.array(importAttachmentSchema).default([]),
});
export type ImportRecord = z.input<typeof importRecordSchema>;

/** A row a parser could not read: skipped with its reason (an i18n key plus values). */
export interface ImportProblem {
  row: number;
  code: string;
  values?: Record<string, string | number>;
}
