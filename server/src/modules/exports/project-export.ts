// export.json and export.csv of one project, written as text chunks a batch of issues at a time, so
// the response streams whatever the project's size. The JSON is the shape of
// shared/src/api/export.ts (the `tracker` import format reads it back); the CSV has the fixed
// EXPORT_CSV_COLUMNS, then one column per custom field.
import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPORT_CSV_COLUMNS, EXPORT_FORMAT_VERSION, type ExportIssue } from '@tracker/shared/api/export';
import { CSV_BOM, csvRows, type CsvValue } from '../../csv/csv-writer.ts';
import { iso } from '../../db/sql.ts';
import type { Project } from '../projects/project.entity.ts';
import { exportedIssues, loadCatalog, People, type Catalog, type EmailsShown } from './export-content.ts';

const json = (v: unknown) => JSON.stringify(v);

function projectHead(project: Project) {
  return {
    key: project.key,
    name: project.name,
    description: project.description,
    color: project.color,
    icon: project.icon ?? null,
    visibility: project.visibility,
    archivedAt: iso(project.archivedAt ?? null),
    createdAt: iso(project.createdAt),
  };
}

const publicFields = (catalog: Catalog) => catalog.fields.map(({ name, type, description, required, options }) => ({ name, type, description, required, options }));

/**
 * One project's export.json as text chunks. `onAttachment` sees each attachment with its storage
 * key and may give it a `path` (the backup names where its bytes are in the zip).
 */
export async function* projectJson(
  em: EntityManager,
  project: Project,
  options: { people: People; onAttachment?: (a: { id: number; fileName: string; storageKey: string }) => string | undefined },
): AsyncGenerator<string> {
  const people = options.people;
  const catalog = await loadCatalog(em, project.id, people);
  yield `{"format":"tracker","version":${EXPORT_FORMAT_VERSION},"exportedAt":${json(new Date().toISOString())},"project":${json(projectHead(project))},`;
  yield `"statuses":${json(catalog.statuses)},"labels":${json(catalog.labels)},"customFields":${json(publicFields(catalog))},"members":${json(catalog.members)},"issues":[`;
  let first = true;
  for await (const issue of exportedIssues(em, project, catalog, people, true)) {
    const { statusCategory: _category, attachments, ...rest } = issue;
    const out: ExportIssue = {
      ...rest,
      attachments: attachments.map(({ storageKey, ...a }) => {
        const path = storageKey && options.onAttachment?.({ id: a.id, fileName: a.fileName, storageKey });
        return path ? { ...a, path } : a;
      }),
    };
    yield (first ? '' : ',') + json(out);
    first = false;
  }
  yield ']}';
}

const cell = (value: unknown): CsvValue => (Array.isArray(value) ? value.join(', ') : (value as CsvValue));

/**
 * export.csv as text chunks: UTF-8 with a BOM (Excel reads it as UTF-8), CRLF lines, a batch per
 * chunk, through the one CSV writer (formula escaping, `;`-safe quoting). `emails` says whose
 * e-mails the caller may read.
 */
export async function* projectCsv(em: EntityManager, project: Project, locale: 'ru' | 'en', emails: EmailsShown): AsyncGenerator<string> {
  const people = new People(em, emails);
  const catalog = await loadCatalog(em, project.id, people);
  // Two fields may share a name in one language: the second column says which by its other name.
  const seen = new Set<string>(EXPORT_CSV_COLUMNS);
  const fieldColumns = catalog.fields.map((f) => {
    let name = f.name[locale];
    if (seen.has(name)) name = `${name} (${f.name[locale === 'ru' ? 'en' : 'ru']})`;
    seen.add(name);
    return name;
  });
  yield CSV_BOM + csvRows([[...EXPORT_CSV_COLUMNS, ...fieldColumns]]);
  let rows: CsvValue[][] = [];
  for await (const i of exportedIssues(em, project, catalog, people, false)) {
    rows.push([
      i.key,
      i.number,
      i.title,
      i.description,
      i.status,
      i.statusCategory,
      i.priority,
      i.assignee?.name,
      i.assignee?.email,
      i.reporter?.name,
      i.reporter?.email,
      cell(i.labels),
      cell(i.streams),
      i.startDate,
      i.dueDate,
      i.estimate,
      i.parentNumber ? `${project.key}-${i.parentNumber}` : null,
      i.createdAt,
      i.updatedAt,
      i.completedAt,
      ...catalog.fields.map((f) => cell(i.customValues[f.name.ru])),
    ]);
    if (rows.length === 200) {
      yield csvRows(rows);
      rows = [];
    }
  }
  if (rows.length) yield csvRows(rows);
}
