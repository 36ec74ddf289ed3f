// Jira's CSV export (Filters → Export → CSV, all fields). Headers repeat for multi-valued fields
// (Labels, Comment, Sprint, Attachment, Watchers); comments are `date;author id;body`, attachments
// `date;author id;file name;url`; dates are written like `25/Nov/26 2:14 PM` in the exporter's
// language. People are display names (Assignee) with account ids beside them (Assignee Id); an
// `… Email` column, when the export has one, is used for matching.
import type { ImportRecord } from '@tracker/shared/api/import-record';

type ImportComment = NonNullable<ImportRecord['comments']>[number];
import type { ImportFormatParser, ParsedImport } from './format.ts';
import { clip, Columns, compact, guessCategory, jiraCategory, name50, notThisFormat, person, Problems, readCsv, toPriority } from './read.ts';

const CUSTOM = /^custom field \((.+)\)$/i;
/** Custom fields Jira has under these names that are ours as plain issue fields. */
const ESTIMATE_FIELDS = ['story points', 'story point estimate'];
const START_FIELDS = ['start date'];
/** Jira plumbing carried as custom fields but meaningless elsewhere. */
const SKIPPED_FIELDS = new Set(['rank', 'development', 'issue color', 'team', 'flagged', 'epic color', 'epic status']);

function comments(cells: string[], cols: Columns, row: number, problems: Problems): { list: ImportComment[]; people: Map<string, string> } {
  const people = new Map<string, string>();
  const list: ImportComment[] = [];
  for (const raw of cols.all(cells, 'Comment')) {
    const [when, author, ...rest] = raw.split(';');
    const createdAt = rest.length ? problems.date(row, 'Comment', when) : undefined;
    // A comment without the `date;author;` prefix is still a comment (older exports, hand edits).
    const body = rest.length ? rest.join(';') : raw;
    if (!body.trim()) continue;
    list.push(compact({ body: clip(body, 100_000), createdAt, author: rest.length && author ? { name: author } : undefined }));
    if (author) people.set(author, author);
  }
  return { list, people };
}

function attachmentLinks(cells: string[], cols: Columns): string {
  const links = cols
    .all(cells, 'Attachment')
    .map((raw) => raw.split(';'))
    .filter((parts) => parts.length >= 4)
    .map(([, , fileName, ...url]) => `- [${fileName}](${url.join(';')})`);
  return links.length ? `\n\n**Attachments**\n${links.join('\n')}` : '';
}

export const jiraFormat: ImportFormatParser = {
  id: 'jira',
  parse(text: string): ParsedImport {
    const { header, rows } = readCsv(text, 'Jira', 'notJira');
    const cols = new Columns(header);
    if (!cols.has('Summary') || !(cols.has('Issue key') || cols.has('Issue id'))) throw notThisFormat('notJira');
    const problems = new Problems();
    // Account ids (Assignee Id, Reporter Id, comment authors) → display names seen in this file.
    const names = new Map<string, string>();
    for (const { cells } of rows) {
      for (const role of ['Assignee', 'Reporter', 'Creator']) {
        const id = cols.one(cells, `${role} Id`);
        const name = cols.one(cells, role);
        if (id && name) names.set(id, name);
      }
    }
    const keyById = new Map<string, string>();
    for (const { cells } of rows) {
      const id = cols.one(cells, 'Issue id');
      const key = cols.one(cells, 'Issue key');
      if (id && key) keyById.set(id, key);
    }
    const customs = cols.matching(CUSTOM);
    const records: ImportRecord[] = [];
    for (const { line, cells } of rows) {
      const externalId = cols.one(cells, 'Issue key', 'Issue id');
      const title = cols.one(cells, 'Summary');
      if (!externalId) {
        problems.add(line, 'missingKey');
        continue;
      }
      if (!title) {
        problems.add(line, 'missingTitle', { id: externalId });
        continue;
      }
      const statusName = cols.one(cells, 'Status');
      const fields: Record<string, unknown> = {};
      let estimate: number | undefined;
      let startDate: string | undefined;
      for (const column of customs) {
        const name = CUSTOM.exec(column)![1]!;
        const values = cols.all(cells, column);
        if (!values.length || SKIPPED_FIELDS.has(name.toLowerCase())) continue;
        if (ESTIMATE_FIELDS.includes(name.toLowerCase())) {
          const n = Number(values[0]!.replace(',', '.'));
          if (Number.isFinite(n) && n >= 0) estimate = n;
          else problems.add(line, 'badNumber', { column: name, value: values[0]! });
        } else if (START_FIELDS.includes(name.toLowerCase())) {
          startDate = problems.date(line, name, values[0], true);
        } else {
          fields[name] = values.length > 1 ? values : values[0];
        }
      }
      const sprints = cols.all(cells, 'Sprint');
      if (sprints.length) fields.Sprint = sprints.at(-1);
      const { list } = comments(cells, cols, line, problems);
      for (const c of list) if (c.author?.name && names.has(c.author.name)) c.author = { name: names.get(c.author.name)! };
      const type = cols.one(cells, 'Issue Type');
      // Components are Jira's other way of tagging: they become labels beside the type and labels.
      const tags = [...(type ? [type] : []), ...cols.all(cells, 'Labels').flatMap((l) => l.split(/\s+/)), ...cols.all(cells, 'Component/s')];
      const labels = [...new Set(tags.map(name50))].map((name) => ({ name }));
      const versions = cols.all(cells, 'Fix Version/s');
      if (versions.length) fields['Fix versions'] = versions;
      const parentRef = cols.one(cells, 'Parent id', 'Parent');
      const category = jiraCategory(cols.one(cells, 'Status Category')) ?? guessCategory(statusName);
      const resolution = cols.one(cells, 'Resolution');
      const resolved = problems.date(line, 'Resolved', cols.one(cells, 'Resolved'));
      records.push(
        compact({
          externalId,
          row: line,
          title: clip(title, 300),
          description: (cols.one(cells, 'Description') ?? '') + attachmentLinks(cells, cols) || undefined,
          status: statusName ? compact({ name: name50(statusName), category: resolution && /won'?t|duplicate|cannot|declined/i.test(resolution) && category === 'completed' ? 'canceled' : category }) : undefined,
          priority: toPriority(cols.one(cells, 'Priority')),
          labels,
          assignee: person(cols.one(cells, 'Assignee'), cols.one(cells, 'Assignee Email', 'Assignee E-mail')),
          reporter: person(cols.one(cells, 'Reporter'), cols.one(cells, 'Reporter Email', 'Reporter E-mail')),
          startDate,
          dueDate: problems.date(line, 'Due date', cols.one(cells, 'Due date', 'Due Date'), true),
          estimate,
          parentExternalId: parentRef ? (keyById.get(parentRef) ?? parentRef) : undefined,
          fields,
          createdAt: problems.date(line, 'Created', cols.one(cells, 'Created')),
          updatedAt: problems.date(line, 'Updated', cols.one(cells, 'Updated')),
          completedAt: resolved,
          comments: list,
          activity: [],
          attachments: [],
        }),
      );
    }
    return { records, problems: problems.list, columns: header };
  },
};
