// export.json and export.csv of one project, written as text chunks a batch of issues at a time, so
// the response streams whatever the project's size. The JSON is the shape of
// shared/src/api/export.ts (the `tracker` import format reads it back); the CSV has the fixed
// EXPORT_CSV_COLUMNS, then one column per custom field.
import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPORT_CSV_COLUMNS, EXPORT_FORMAT_VERSION, type ExportIssue } from '@tracker/shared/api/export';
import { iso } from '../../db/sql.ts';
import type { Project } from '../projects/project.entity.ts';
import { exportedIssues, loadCatalog, People, type Catalog } from './export.queries.ts';

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
  options: { people?: People; onAttachment?: (a: { id: number; fileName: string; storageKey: string }) => string | undefined } = {},
): AsyncGenerator<string> {
  const catalog = await loadCatalog(em, project.id);
  const people = options.people ?? new People(em);
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

// Cells a spreadsheet would run as a formula get a leading apostrophe (OWASP "CSV injection").
const FORMULA = /^[=+\-@\t\r]/;
const cell = (value: unknown, text = false): string => {
  if (value == null) return '';
  let s = Array.isArray(value) ? value.join(', ') : String(value);
  if (text && FORMULA.test(s)) s = `'${s}`;
  // RFC 4180: quote cells holding a comma, quote or line break; double the quotes inside.
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const line = (cells: string[]) => `${cells.join(',')}\r\n`;

/** export.csv as text chunks: UTF-8 with a BOM (Excel reads it as UTF-8), CRLF lines, a batch per chunk. */
export async function* projectCsv(em: EntityManager, project: Project, locale: 'ru' | 'en'): AsyncGenerator<string> {
  const catalog = await loadCatalog(em, project.id);
  const people = new People(em);
  // Two fields may share a name in one language: the second column says which by its other name.
  const seen = new Set<string>(EXPORT_CSV_COLUMNS);
  const fieldColumns = catalog.fields.map((f) => {
    let name = f.name[locale];
    if (seen.has(name)) name = `${name} (${f.name[locale === 'ru' ? 'en' : 'ru']})`;
    seen.add(name);
    return name;
  });
  yield '\uFEFF' + line([...EXPORT_CSV_COLUMNS, ...fieldColumns].map((h) => cell(h)));
  let chunk = '';
  let count = 0;
  for await (const i of exportedIssues(em, project, catalog, people, false)) {
    chunk += line([
      cell(i.key),
      cell(i.number),
      cell(i.title, true),
      cell(i.description, true),
      cell(i.status, true),
      cell(i.statusCategory),
      cell(i.priority),
      cell(i.assignee?.name, true),
      cell(i.assignee?.email),
      cell(i.reporter?.name, true),
      cell(i.reporter?.email),
      cell(i.labels, true),
      cell(i.streams, true),
      cell(i.startDate),
      cell(i.dueDate),
      cell(i.estimate),
      cell(i.parentNumber ? `${project.key}-${i.parentNumber}` : null),
      cell(i.createdAt),
      cell(i.updatedAt),
      cell(i.completedAt),
      ...catalog.fields.map((f) => cell(i.customValues[f.name.ru], true)),
    ]);
    if (++count % 200 === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
