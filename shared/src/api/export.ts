// Tracker's own export (issue 17): `GET /api/projects/:ref/export.json` writes one project in this
// shape, the admin backup's workspace.json every project in it, and the `tracker` import format reads
// it back. People are named by e-mail and name (ids mean nothing in another workspace); statuses,
// labels, options and custom fields by name; issues by number and parents by their number.
import { z } from 'zod';
import { CUSTOM_FIELD_TYPES } from './custom-fields.ts';
import { PRIORITIES } from './issues.ts';
import { PROJECT_ROLES, PROJECT_VISIBILITY, STATUS_CATEGORIES } from './projects.ts';
import { INT4_MAX, int32, jsonValue, text } from './fields.ts';

const when = text().max(40);
const day = text().regex(/^\d{4}-\d{2}-\d{2}$/);

export const exportPersonSchema = z.object({ name: text().max(200), email: text().max(254).nullable() });
export type ExportPerson = z.infer<typeof exportPersonSchema>;

export const exportStatusSchema = z.object({ name: text().max(50), category: z.enum(STATUS_CATEGORIES), color: text().max(7), position: int32() });
export const exportLabelSchema = z.object({ name: text().max(50), color: text().max(7) });

export const exportCustomFieldSchema = z.object({
  name: z.object({ ru: text().max(100), en: text().max(100) }),
  type: z.enum(CUSTOM_FIELD_TYPES),
  description: z.object({ ru: text(), en: text() }),
  required: z.boolean(),
  options: z.array(z.object({ name: text().max(100), color: text().max(7) })),
});
export type ExportCustomField = z.infer<typeof exportCustomFieldSchema>;

export const exportMemberSchema = exportPersonSchema.extend({ role: z.enum(PROJECT_ROLES) });

export const exportCommentSchema = z.object({
  id: int32(),
  author: exportPersonSchema.nullable(),
  body: text(),
  createdAt: when,
  updatedAt: when,
});

export const exportActivitySchema = z.object({
  action: text().max(30),
  field: text().max(60).nullable(),
  oldValue: jsonValue(),
  newValue: jsonValue(),
  actor: exportPersonSchema.nullable(),
  createdAt: when,
});

export const exportAttachmentSchema = z.object({
  id: int32(),
  fileName: text().max(255),
  mimeType: text().max(127),
  size: int32(0),
  createdAt: when,
  uploader: exportPersonSchema.nullable(),
  /** In the admin backup: where the bytes are inside the zip (`attachments/…`); absent in a project export. */
  path: text().optional(),
});

/**
 * Custom values by the field's Russian name (the default language; `customFields` gives both names):
 * text, url → string; number → number; date → YYYY-MM-DD; checkbox → boolean; select → option name;
 * multiselect → option names; user → e-mail (or name when the user has none).
 */
export const exportIssueSchema = z.object({
  number: int32(1),
  key: text(),
  title: text().max(300),
  description: text(),
  status: text().max(50),
  priority: z.enum(PRIORITIES),
  assignee: exportPersonSchema.nullable(),
  reporter: exportPersonSchema.nullable(),
  labels: z.array(text().max(50)),
  /** The workspace streams the issue belongs to, by name (the backup's `streams` describes them). */
  streams: z.array(text().max(100)),
  startDate: day.nullable(),
  dueDate: day.nullable(),
  estimate: z.number().min(0).max(INT4_MAX).nullable(),
  parentNumber: int32(1).nullable(),
  customValues: z.record(text(), jsonValue()),
  createdAt: when,
  updatedAt: when,
  completedAt: when.nullable(),
  comments: z.array(exportCommentSchema),
  activity: z.array(exportActivitySchema),
  attachments: z.array(exportAttachmentSchema),
  /** Relations this issue starts (`WEB-1 blocks APP-7`), the other issue by key: it may be in another project. */
  relations: z.array(z.object({ type: z.enum(['blocks', 'relates', 'duplicates']), key: text() })),
  watchers: z.array(exportPersonSchema),
});
export type ExportIssue = z.infer<typeof exportIssueSchema>;

export const exportProjectSchema = z.object({
  key: text(),
  name: text(),
  description: text(),
  color: text(),
  icon: text().nullable(),
  visibility: z.enum(PROJECT_VISIBILITY),
  archivedAt: when.nullable(),
  createdAt: when,
});

export const EXPORT_FORMAT_VERSION = 1;

/** The whole `export.json` of one project. */
export const projectExportSchema = z.object({
  format: z.literal('tracker'),
  version: z.literal(EXPORT_FORMAT_VERSION),
  exportedAt: when,
  project: exportProjectSchema,
  statuses: z.array(exportStatusSchema),
  labels: z.array(exportLabelSchema),
  customFields: z.array(exportCustomFieldSchema),
  members: z.array(exportMemberSchema),
  issues: z.array(exportIssueSchema),
});
export type ProjectExport = z.infer<typeof projectExportSchema>;

export const backupUserSchema = z.object({
  id: int32(),
  name: text(),
  email: text().nullable(),
  phone: text().nullable(),
  roles: z.array(text()),
  locale: text(),
  blockedAt: when.nullable(),
  createdAt: when,
});

export const backupStreamSchema = z.object({
  name: text().max(100),
  description: text(),
  status: text(),
  lead: exportPersonSchema.nullable(),
  startDate: day.nullable(),
  targetDate: day.nullable(),
  members: z.array(exportPersonSchema),
  createdAt: when,
  updates: z.array(z.object({ author: exportPersonSchema.nullable(), body: text(), health: text(), createdAt: when, updatedAt: when })),
});

/** `workspace.json` in the admin backup: users (no password hashes, sessions or tokens) and every project. */
export const workspaceBackupSchema = z.object({
  format: z.literal('tracker-workspace'),
  version: z.literal(EXPORT_FORMAT_VERSION),
  exportedAt: when,
  users: z.array(backupUserSchema),
  customFields: z.array(exportCustomFieldSchema.extend({ scope: z.enum(['all', 'projects']), projectKeys: z.array(text()), archivedAt: when.nullable() })),
  streams: z.array(backupStreamSchema),
  projects: z.array(projectExportSchema),
});
export type WorkspaceBackup = z.infer<typeof workspaceBackupSchema>;

/** The columns of `export.csv`, in order; one column per custom field follows (its name in the reader's language). */
export const EXPORT_CSV_COLUMNS = [
  'Key',
  'Number',
  'Title',
  'Description',
  'Status',
  'Status category',
  'Priority',
  'Assignee',
  'Assignee email',
  'Reporter',
  'Reporter email',
  'Labels',
  'Streams',
  'Start date',
  'Due date',
  'Estimate',
  'Parent',
  'Created',
  'Updated',
  'Completed',
] as const;
