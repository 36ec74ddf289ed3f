// The reads behind export.csv, export.json and the admin backup: a project's catalog (statuses,
// labels, custom fields, members) once, then its issues in batches of BATCH with everything they
// hold, so a project of any size streams without being loaded whole.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExportCustomField, ExportIssue, ExportPerson } from '@tracker/shared/api/export';
import { PRIORITIES, type Priority } from '@tracker/shared/api/issues';
import type { ProjectRole, StatusCategory } from '@tracker/shared/api/projects';
import type { CustomFieldType } from '@tracker/shared/api/custom-fields';
import { intArray, iso } from '../../db/sql.ts';
import { selectFields } from '../custom-fields/custom-field.queries.ts';
import type { Project } from '../projects/project.entity.ts';

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
    const rows = await this.em.execute<{ id: number; name: string; email: string | null }[]>(`select id, name, email from users where id = any(?::int[])`, [intArray(missing)]);
    for (const r of rows) this.known.set(r.id, this.person(r));
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
    em.execute<Catalog['statuses']>(`select name, category, color, position from statuses where project_id = ? order by position, id`, [projectId]),
    em.execute<Catalog['labels']>(`select name, color from labels where project_id = ? order by name, id`, [projectId]),
    selectFields(em, { projectId }),
    em.execute<{ id: number; name: string; email: string | null; role: ProjectRole }[]>(
      `select u.id, u.name, u.email, m.role from project_members m join users u on u.id = m.user_id where m.project_id = ? order by m.created_at, u.id`,
      [projectId],
    ),
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

interface IssueRow {
  id: number;
  number: number;
  title: string;
  description: string;
  status: string;
  category: StatusCategory;
  priority: number;
  assignee_id: number | null;
  reporter_id: number | null;
  start_date: string | null;
  due_date: string | null;
  estimate: number | null;
  parent_number: number | null;
  custom_values: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  labels: string[];
  streams: string[];
}

/** An issue as exported, with its status category (for the CSV) beside it. */
export type ExportedIssue = ExportIssue & { statusCategory: StatusCategory };

async function issueBatch(em: EntityManager, projectId: number, after: number): Promise<IssueRow[]> {
  return em.execute<IssueRow[]>(
    `select i.id, i.number, i.title, i.description, s.name as status, s.category, i.priority, i.assignee_id, i.reporter_id,
            i.start_date::text as start_date, i.due_date::text as due_date, i.estimate, par.number as parent_number, i.custom_values,
            i.created_at, i.updated_at, i.completed_at,
            coalesce((select array_agg(l.name order by l.name) from issue_labels il join labels l on l.id = il.label_id where il.issue_id = i.id), '{}') as labels,
            coalesce((select array_agg(st.name order by st.name) from issue_streams ist join streams st on st.id = ist.stream_id where ist.issue_id = i.id), '{}') as streams
       from issues i
       join statuses s on s.id = i.status_id
       left join issues par on par.id = i.parent_id
      where i.project_id = ? and i.number > ?
      order by i.number
      limit ${BATCH}`,
    [projectId, after],
  );
}

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
  const arr = intArray(ids);
  const [comments, activity, attachments, relations, watchers] = await Promise.all([
    em.execute<{ id: number; issue_id: number; author_id: number | null; body: string; created_at: string; updated_at: string }[]>(
      `select id, issue_id, author_id, body, created_at, updated_at from comments where issue_id = any(?::int[]) order by created_at, id`,
      [arr],
    ),
    em.execute<{ issue_id: number; actor_id: number | null; action: string; field: string | null; old_value: unknown; new_value: unknown; created_at: string }[]>(
      `select issue_id, actor_id, action, field, old_value, new_value, created_at from activities where issue_id = any(?::int[]) order by created_at, id`,
      [arr],
    ),
    em.execute<{ id: number; issue_id: number; uploader_id: number | null; file_name: string; mime_type: string; size: number; storage_key: string; created_at: string }[]>(
      `select id, issue_id, uploader_id, file_name, mime_type, size, storage_key, created_at from attachments where issue_id = any(?::int[]) order by created_at, id`,
      [arr],
    ),
    em.execute<{ issue_id: number; type: ExportIssue['relations'][number]['type']; key: string }[]>(
      `select r.from_issue_id as issue_id, r.type, p.key || '-' || t.number as key
         from issue_relations r join issues t on t.id = r.to_issue_id join projects p on p.id = t.project_id
        where r.from_issue_id = any(?::int[]) order by r.id`,
      [arr],
    ),
    em.execute<{ issue_id: number; user_id: number }[]>(`select issue_id, user_id from issue_watchers where issue_id = any(?::int[]) order by user_id`, [arr]),
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
    const rows = await issueBatch(em, project.id, after);
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
