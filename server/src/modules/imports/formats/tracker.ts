// Tracker's own export.json (shared/src/api/export.ts) read back into ImportRecords with everything
// it carries: statuses with their category and colour, labels with colours, people by e-mail and
// name, custom values by field name, parents, dates, comments, activity and attachments' metadata.
// The issue number is the external id, so importing the same export twice updates.
import type { ImportPerson, ImportRecord } from '@tracker/shared/api/import-record';
import {
  exportCustomFieldSchema,
  exportIssueSchema,
  exportLabelSchema,
  exportStatusSchema,
  EXPORT_FORMAT_VERSION,
  type ExportPerson,
} from '@tracker/shared/api/export';
import { z } from 'zod';
import type { ImportFormatParser, ParsedImport } from './format.ts';
import { compact, notThisFormat, Problems, readJson } from './read.ts';

const envelopeSchema = z.object({
  format: z.literal('tracker'),
  version: z.number().int(),
  statuses: z.array(exportStatusSchema).catch([]),
  labels: z.array(exportLabelSchema).catch([]),
  customFields: z.array(exportCustomFieldSchema).catch([]),
  issues: z.array(z.unknown()),
});

const who = (p: ExportPerson | null): ImportPerson | undefined => (p ? compact({ email: p.email ?? undefined, name: p.name || undefined }) : undefined);

export const trackerFormat: ImportFormatParser = {
  id: 'tracker',
  parse(text: string): ParsedImport {
    const json = readJson(text);
    const doc = envelopeSchema.safeParse(json);
    if (!doc.success) throw notThisFormat('notTracker');
    if (doc.data.version > EXPORT_FORMAT_VERSION) throw notThisFormat('trackerVersion', { version: doc.data.version });
    const statuses = new Map(doc.data.statuses.map((s) => [s.name, s]));
    const labels = new Map(doc.data.labels.map((l) => [l.name, l]));
    const problems = new Problems();
    const records: ImportRecord[] = [];
    doc.data.issues.forEach((raw, i) => {
      const row = i + 1;
      const parsed = exportIssueSchema.safeParse(raw);
      if (!parsed.success) {
        problems.add(row, 'badItem');
        return;
      }
      const issue = parsed.data;
      const status = statuses.get(issue.status);
      records.push(
        compact({
          externalId: String(issue.number),
          row,
          title: issue.title,
          description: issue.description,
          status: compact({ name: issue.status, category: status?.category, color: status?.color }),
          priority: issue.priority,
          labels: issue.labels.map((name) => compact({ name, color: labels.get(name)?.color })),
          assignee: who(issue.assignee),
          reporter: who(issue.reporter),
          startDate: issue.startDate ?? undefined,
          dueDate: issue.dueDate ?? undefined,
          estimate: issue.estimate ?? undefined,
          parentExternalId: issue.parentNumber ? String(issue.parentNumber) : undefined,
          fields: issue.customValues,
          createdAt: issue.createdAt,
          updatedAt: issue.updatedAt,
          completedAt: issue.completedAt ?? undefined,
          comments: issue.comments.map((c) => compact({ externalId: String(c.id), author: who(c.author), body: c.body, createdAt: c.createdAt, updatedAt: c.updatedAt })),
          activity: issue.activity.map((a) => compact({ action: a.action, field: a.field, oldValue: a.oldValue, newValue: a.newValue, actor: who(a.actor), createdAt: a.createdAt })),
          attachments: issue.attachments.map((a) => compact({ fileName: a.fileName, mimeType: a.mimeType, size: a.size, createdAt: a.createdAt, uploader: who(a.uploader) })),
        }),
      );
    });
    const { statuses: catalogStatuses, labels: catalogLabels, customFields } = doc.data;
    return { records, problems: problems.list, catalog: { statuses: catalogStatuses, labels: catalogLabels, customFields } };
  },
};
