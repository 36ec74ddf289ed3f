// What an import will do, worked out before anything is written: which records are valid, which
// issues they update (by external id), who their people are, which statuses and labels exist or
// must be made. The dry run shows it; the job writes it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { importRecordSchema, type ImportFormat, type ImportPerson } from '@tracker/shared/api/import-record';
import type { ImportPreview, ImportSkip } from '@tracker/shared/api/imports';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { IMPORT_PREVIEW_ROWS } from '@tracker/shared/limits';
import type { z } from 'zod';
import type { ParsedImport } from './formats/format.ts';
import { projectFields, type ProjectFields } from './import-fields.ts';
import { importedIssues, projectLabels, projectStatuses, usersToMatch } from './import-plan.repository.ts';

export type PlannedRecord = z.output<typeof importRecordSchema>;

/** What a format may give besides its records (Tracker's export.json: its project's statuses and labels). */
interface Catalog {
  statuses?: { name: string; category: StatusCategory; color?: string; position: number }[];
  labels?: { name: string; color?: string }[];
}

export interface ImportPlan {
  records: PlannedRecord[];
  skipped: ImportSkip[];
  existing: Map<string, number>;
  /** A person as the file names them (see personKey) → the user, or null for nobody. */
  users: Map<string, number | null>;
  unmatched: string[];
  statuses: Map<string, { id: number | null; name: string; category: StatusCategory; color?: string }>;
  labels: Map<string, { id: number | null; name: string; color?: string }>;
  fields: ProjectFields;
}

/** How the report and the hand mapping name a person: their e-mail (lower case), else their name. */
export const personKey = (p: ImportPerson | undefined): string | null => (p?.email?.trim().toLowerCase() || p?.name?.trim() || null);

const peopleOf = (r: PlannedRecord): ImportPerson[] =>
  [r.assignee, r.reporter, ...r.comments.map((c) => c.author), ...r.activity.map((a) => a.actor)].filter((p): p is ImportPerson => !!p);

const statusCategory = (r: PlannedRecord): StatusCategory => r.status?.category ?? (r.completedAt ? 'completed' : 'unstarted');

export async function buildPlan(
  em: EntityManager,
  input: { projectId: number; format: ImportFormat; parsed: ParsedImport; userMapping: Record<string, number | null> },
): Promise<ImportPlan> {
  const skipped: ImportSkip[] = input.parsed.problems.map((p) => ({ row: p.row, reason: p.code, ...(p.values && { values: p.values }) }));
  const records: PlannedRecord[] = [];
  const seen = new Set<string>();
  for (const raw of input.parsed.records) {
    const parsed = importRecordSchema.safeParse(raw);
    if (!parsed.success) {
      skipped.push({ row: raw.row ?? 0, reason: 'invalidRecord', values: { detail: parsed.error.issues[0]?.path.join('.') ?? '' } });
      continue;
    }
    const r = parsed.data;
    if (!r.title.trim()) skipped.push({ row: r.row, reason: 'emptyTitle' });
    else if (seen.has(r.externalId)) skipped.push({ row: r.row, reason: 'duplicateId', values: { id: r.externalId } });
    else {
      seen.add(r.externalId);
      records.push(r);
    }
  }
  skipped.sort((a, b) => a.row - b.row);

  const existing = new Map<string, number>();
  const ids = records.map((r) => r.externalId);
  for (let i = 0; i < ids.length; i += 5000) {
    for (const row of await importedIssues(em, input.projectId, input.format, ids.slice(i, i + 5000))) existing.set(row.external_id, row.issue_id);
  }

  const { users, unmatched } = await matchUsers(em, input.projectId, records.flatMap(peopleOf), input.userMapping);

  // Tracker's export.json brings its project's whole catalog: every status (in order) and label, used or not.
  const catalog = (input.parsed as { catalog?: Catalog }).catalog;
  const statuses: ImportPlan['statuses'] = new Map();
  for (const s of await projectStatuses(em, input.projectId))
    if (!statuses.has(s.name.toLowerCase())) statuses.set(s.name.toLowerCase(), s);
  const wantStatus = (name: string | undefined, category: StatusCategory, color?: string) => {
    const n = name?.trim();
    if (n && !statuses.has(n.toLowerCase())) statuses.set(n.toLowerCase(), { id: null, name: n, category, ...(color && { color }) });
  };
  for (const s of [...(catalog?.statuses ?? [])].sort((a, b) => a.position - b.position)) wantStatus(s.name, s.category, s.color);
  for (const r of records) wantStatus(r.status?.name, statusCategory(r), r.status?.color);
  const labels: ImportPlan['labels'] = new Map();
  for (const l of await projectLabels(em, input.projectId)) labels.set(l.name.toLowerCase(), l);
  const wantLabel = (name: string, color?: string) => {
    const n = name.trim();
    if (n && !labels.has(n.toLowerCase())) labels.set(n.toLowerCase(), { id: null, name: n, ...(color && { color }) });
  };
  for (const l of catalog?.labels ?? []) wantLabel(l.name, l.color);
  for (const r of records) for (const l of r.labels) wantLabel(l.name, l.color);

  return { records, skipped, existing, users, unmatched, statuses, labels, fields: await projectFields(em, input.projectId) };
}

/** E-mail first (any case), then the exact name; only users who may see the project; a hand mapping wins. */
async function matchUsers(em: EntityManager, projectId: number, people: ImportPerson[], userMapping: Record<string, number | null>) {
  const emails = [...new Set(people.map((p) => p.email?.trim().toLowerCase()).filter((e): e is string => !!e))];
  const names = [...new Set(people.map((p) => p.name?.trim()).filter((n): n is string => !!n))];
  const mappedIds = [...new Set(Object.values(userMapping).filter((v): v is number => v !== null))];
  const rows = await usersToMatch(em, projectId, { emails, names, ids: mappedIds });
  const byEmail = new Map(rows.filter((r) => r.email).map((r) => [r.email!, r.id]));
  const byName = new Map<string, number | null>();
  // Two users of one name match neither: the person is listed for a hand mapping.
  for (const r of rows) byName.set(r.name, byName.has(r.name) && byName.get(r.name) !== r.id ? null : r.id);
  const visible = new Set(rows.map((r) => r.id));

  const users = new Map<string, number | null>();
  const unmatched = new Set<string>();
  for (const p of people) {
    const key = personKey(p);
    if (!key || users.has(key)) continue;
    if (key in userMapping) {
      const id = userMapping[key] ?? null;
      users.set(key, id !== null && visible.has(id) ? id : null);
      continue;
    }
    const id = (p.email && byEmail.get(p.email.trim().toLowerCase())) || (p.name && byName.get(p.name.trim())) || null;
    users.set(key, id);
    if (id === null) unmatched.add(key);
  }
  return { users, unmatched: [...unmatched].sort() };
}

export function previewOf(plan: ImportPlan, parsed: ParsedImport & { mapping?: Record<string, string> }, notes: ImportSkip[]): ImportPreview {
  const wouldUpdate = plan.records.filter((r) => plan.existing.has(r.externalId)).length;
  return {
    rows: plan.records.slice(0, IMPORT_PREVIEW_ROWS).map((r) => ({
      row: r.row,
      externalId: r.externalId,
      action: plan.existing.has(r.externalId) ? 'update' : 'create',
      title: r.title,
      status: r.status?.name ?? null,
      assignee: personKey(r.assignee),
      labels: r.labels.map((l) => l.name),
      priority: r.priority ?? null,
      dueDate: r.dueDate ?? null,
      comments: r.comments.length,
    })),
    total: plan.records.length + plan.skipped.length,
    wouldCreate: plan.records.length - wouldUpdate,
    wouldUpdate,
    skipped: plan.skipped,
    unmatchedUsers: plan.unmatched,
    notes,
    newStatuses: [...plan.statuses.values()].filter((s) => s.id === null).map((s) => ({ name: s.name, category: s.category })),
    newLabels: [...plan.labels.values()].filter((l) => l.id === null).map((l) => l.name),
    ...(parsed.columns && { columns: parsed.columns }),
    ...(parsed.mapping && { mapping: parsed.mapping }),
  };
}
