// What export.csv, export.json and the admin backup hold of a project: its catalog (statuses,
// labels, custom fields, members) once, then its issues in batches of BATCH with everything they
// hold, so a project of any size streams without being loaded whole (the reads: export.repository.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExportCustomField, ExportIssue, ExportPerson } from '@tracker/shared/api/export';
import { PRIORITIES, type Priority } from '@tracker/shared/api/issues';
import type { ProjectRole, StatusCategory } from '@tracker/shared/api/projects';
import type { CustomFieldType } from '@tracker/shared/api/custom-fields';
import { iso } from '../../db/sql.ts';
import { selectFields } from '../custom-fields/custom-field-reads.repository.ts';
import type { Project } from '../projects/project.entity.ts';
import {
  activityOf,
  attachmentsOf,
  commentsOf,
  exportedLabels,
  exportedMembers,
  exportedStatuses,
  issueBatch,
  relationsOf,
  usersByIds,
  watchersOf,
} from './export.repository.ts';

export const BATCH = 200;

/**
 * Whose e-mails an export shows, as the app shows them: every one to those who manage the project's
 * members (its owners, admins; the admins' backup), else only the caller's own — the members list
 * and people's pages show nobody else's.
 */
export type EmailsShown = { all: true } | { all: false; selfId: number };

/** People by user id, loaded as issues mention them (ids mean nothing outside this workspace). */
export class People {
  private readonly known = new Map<number, ExportPerson>();
  private readonly em: EntityManager;
  private readonly emails: EmailsShown;
  constructor(em: EntityManager, emails: EmailsShown) {
    this.em = em;
    this.emails = emails;
  }
  /** A person as this export names them: by name, with the e-mail only where `emails` allows. */
  person(row: { id: number; name: string; email: string | null }): ExportPerson {
    return { name: row.name, email: this.emails.all || row.id === this.emails.selfId ? row.email : null };
  }
  async load(ids: Iterable<number | null | undefined>): Promise<void> {
    const missing = [...new Set([...ids].filter((id): id is number => typeof id === 'number' && !this.known.has(id)))];
    if (!missing.length) return;
    for (const r of await usersByIds(this.em, missing)) this.known.set(r.id, this.person(r));
  }
  get(id: number | null | undefined): ExportPerson | null {
    return id == null ? null : (this.known.get(id) ?? null);
  }
}

export interface FieldInfo extends ExportCustomField {
  id: number;
  optionNames: Map<number, string>;
}

export interface Catalog {
  statuses: { name: string; category: StatusCategory; color: string; position: number }[];
  labels: { name: string; color: string }[];
  fields: FieldInfo[];
  members: (ExportPerson & { role: ProjectRole })[];
}

export async function loadCatalog(em: EntityManager, projectId: number, people: People): Promise<Catalog> {
  const [statuses, labels, fieldRows, members] = await Promise.all([
    exportedStatuses(em, projectId),
    exportedLabels(em, projectId),
    selectFields(em, { projectId }),
    exportedMembers(em, projectId),
  ]);
  const fields = fieldRows.map((f) => ({
    id: f.id,
    name: { ru: f.name_ru, en: f.name_en },
    type: f.type as CustomFieldType,
    description: { ru: f.description_ru, en: f.description_en },
    required: f.required,
    options: f.options.map((o) => ({ name: o.name, color: o.color })),
    optionNames: new Map(f.options.map((o) => [o.id, o.name])),
  }));
  return { statuses, labels, fields, members: members.map((m) => ({ ...people.person(m), role: m.role })) };
}

/** An issue as exported, with its status category (for the CSV) beside it. */
export type ExportedIssue = ExportIssue & { statusCategory: StatusCategory };

/** A stored custom value as a person reads it: option names, a user's e-mail, the rest as stored. */
function readableValue(field: FieldInfo, value: unknown, people: People): unknown {
  switch (field.type) {
    case 'select':
      return typeof value === 'number' ? (field.optionNames.get(value) ?? null) : null;
    case 'multiselect':
      return Array.isArray(value) ? value.map((v) => field.optionNames.get(Number(v))).filter((n) => n !== undefined) : null;
    case 'user': {
      const p = people.get(typeof value === 'number' ? value : null);
      return p ? (p.email ?? p.name) : null;
    }
    default:
      return value;
  }
}

interface Detail {
  comments: ExportIssue['comments'];
  activity: ExportIssue['activity'];
  relations: ExportIssue['relations'];
  watchers: ExportIssue['watchers'];
  attachments: (ExportIssue['attachments'][number] & { storageKey: string })[];
}

async function details(em: EntityManager, ids: number[], people: People): Promise<Map<number, Detail>> {
  const [comments, activity, attachments, relations, watchers] = await Promise.all([
    commentsOf(em, ids),
    activityOf(em, ids),
    attachmentsOf(em, ids),
    relationsOf(em, ids),
    watchersOf(em, ids),
  ]);
  await people.load([
    ...comments.map((c) => c.author_id),
    ...activity.map((a) => a.actor_id),
    ...attachments.map((a) => a.uploader_id),
    ...watchers.map((w) => w.user_id),
  ]);
  const out = new Map<number, Detail>(ids.map((id) => [id, { comments: [], activity: [], attachments: [], relations: [], watchers: [] }]));
  for (const r of relations) out.get(r.issue_id)!.relations.push({ type: r.type, key: r.key });
  for (const w of watchers) {
    const p = people.get(w.user_id);
    if (p) out.get(w.issue_id)!.watchers.push(p);
  }
  for (const c of comments) out.get(c.issue_id)!.comments.push({ id: c.id, author: people.get(c.author_id), body: c.body, createdAt: iso(c.created_at), updatedAt: iso(c.updated_at) });
  for (const a of activity)
    out.get(a.issue_id)!.activity.push({ action: a.action, field: a.field, oldValue: a.old_value, newValue: a.new_value, actor: people.get(a.actor_id), createdAt: iso(a.created_at) });
  for (const a of attachments)
    out.get(a.issue_id)!.attachments.push({
      id: a.id,
      fileName: a.file_name,
      mimeType: a.mime_type,
      size: Number(a.size),
      createdAt: iso(a.created_at),
      uploader: people.get(a.uploader_id),
      storageKey: a.storage_key,
    });
  return out;
}

/**
 * A project's issues in number order, a batch at a time, each with its comments, activity and
 * attachments (`withDetail`; the CSV needs none). Attachments keep their storage key for the backup.
 */
export async function* exportedIssues(
  em: EntityManager,
  project: Pick<Project, 'id' | 'key'>,
  catalog: Catalog,
  people: People,
  withDetail: boolean,
): AsyncGenerator<Omit<ExportedIssue, 'attachments'> & { attachments: (ExportIssue['attachments'][number] & { storageKey?: string })[] }> {
  const fields = new Map(catalog.fields.map((f) => [String(f.id), f]));
  let after = 0;
  for (;;) {
    const rows = await issueBatch(em, project.id, after, BATCH);
    if (!rows.length) return;
    after = rows.at(-1)!.number;
    const userValues = rows.flatMap((r) => Object.entries(r.custom_values ?? {}).filter(([id, v]) => fields.get(id)?.type === 'user' && typeof v === 'number').map(([, v]) => v as number));
    await people.load([...rows.flatMap((r) => [r.assignee_id, r.reporter_id]), ...userValues]);
    const detail = withDetail ? await details(em, rows.map((r) => r.id), people) : null;
    for (const r of rows) {
      const customValues: Record<string, unknown> = {};
      for (const [id, value] of Object.entries(r.custom_values ?? {})) {
        const field = fields.get(id);
        if (field) customValues[field.name.ru] = readableValue(field, value, people);
      }
      const d = detail?.get(r.id);
      yield {
        number: r.number,
        key: `${project.key}-${r.number}`,
        title: r.title,
        description: r.description,
        status: r.status,
        statusCategory: r.category,
        priority: (PRIORITIES[r.priority] ?? 'none') as Priority,
        assignee: people.get(r.assignee_id),
        reporter: people.get(r.reporter_id),
        labels: r.labels,
        streams: r.streams,
        startDate: r.start_date,
        dueDate: r.due_date,
        estimate: r.estimate == null ? null : Number(r.estimate),
        parentNumber: r.parent_number,
        customValues,
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
        completedAt: iso(r.completed_at),
        comments: d?.comments ?? [],
        activity: d?.activity ?? [],
        attachments: d?.attachments ?? [],
        relations: d?.relations ?? [],
        watchers: d?.watchers ?? [],
      };
    }
    if (rows.length < BATCH) return;
  }
}
