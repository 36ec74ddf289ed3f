// Linear's CSV export (Settings → Import / Export → Export CSV). Headers: ID, Team, Title, Description,
// Status, Estimate, Priority, Project ID, Project, Creator, Assignee, Labels, Cycle Number, Cycle Name,
// Cycle Start, Cycle End, Created, Updated, Started, Triaged, Completed, Canceled, Archived, Due Date,
// Parent issue, Initiatives, Project Milestone ID, Project Milestone, SLA Status, Roadmaps. Labels are
// comma-separated; people are e-mails or names; archived issues are skipped with a reason.
import type { StatusCategory } from '@tracker/shared/api/projects';
import type { ImportRecord } from '@tracker/shared/api/import-record';
import type { ImportFormatParser, ParsedImport } from './format.ts';
import { clip, Columns, compact, guessCategory, name50, notThisFormat, person, Problems, readCsv, toPriority } from './read.ts';

export const LINEAR_COLUMNS = [
  'ID', 'Team', 'Title', 'Description', 'Status', 'Estimate', 'Priority', 'Project ID', 'Project', 'Creator', 'Assignee', 'Labels',
  'Cycle Number', 'Cycle Name', 'Cycle Start', 'Cycle End', 'Created', 'Updated', 'Started', 'Triaged', 'Completed', 'Canceled',
  'Archived', 'Due Date', 'Parent issue', 'Initiatives', 'Project Milestone ID', 'Project Milestone', 'SLA Status', 'Roadmaps',
] as const;

export const linearFormat: ImportFormatParser = {
  id: 'linear',
  parse(text: string): ParsedImport {
    const { header, rows } = readCsv(text, 'Linear', 'notLinear');
    const cols = new Columns(header);
    if (!cols.has('ID') || !cols.has('Title') || !cols.has('Status')) throw notThisFormat('notLinear');
    const problems = new Problems();
    const records: ImportRecord[] = [];
    for (const { line, cells } of rows) {
      const externalId = cols.one(cells, 'ID');
      const title = cols.one(cells, 'Title');
      if (!externalId) {
        problems.add(line, 'missingKey');
        continue;
      }
      if (!title) {
        problems.add(line, 'missingTitle', { id: externalId });
        continue;
      }
      if (cols.one(cells, 'Archived')) {
        problems.add(line, 'archivedIssue', { id: externalId });
        continue;
      }
      const statusName = cols.one(cells, 'Status');
      const completed = problems.date(line, 'Completed', cols.one(cells, 'Completed'));
      const canceled = problems.date(line, 'Canceled', cols.one(cells, 'Canceled'));
      const started = cols.one(cells, 'Started');
      // Linear's own timestamps say which kind a custom-named status is when its name does not.
      const category: StatusCategory | undefined =
        guessCategory(statusName) ?? (canceled ? 'canceled' : completed ? 'completed' : started ? 'started' : undefined);
      const estimateText = cols.one(cells, 'Estimate');
      const estimate = estimateText === undefined ? undefined : Number(estimateText.replace(',', '.'));
      if (estimate !== undefined && !(Number.isFinite(estimate) && estimate >= 0)) problems.add(line, 'badNumber', { column: 'Estimate', value: estimateText! });
      const fields: Record<string, unknown> = {};
      for (const column of ['Team', 'Project', 'Project Milestone', 'Cycle Name']) {
        const value = cols.one(cells, column);
        if (value) fields[column === 'Cycle Name' ? 'Cycle' : column] = value;
      }
      if (!fields.Cycle && cols.one(cells, 'Cycle Number')) fields.Cycle = cols.one(cells, 'Cycle Number');
      records.push(
        compact({
          externalId,
          row: line,
          title: clip(title, 300),
          description: cols.one(cells, 'Description'),
          status: statusName ? compact({ name: name50(statusName), category }) : undefined,
          priority: toPriority(cols.one(cells, 'Priority')),
          labels: [...new Set((cols.one(cells, 'Labels') ?? '').split(',').map((l) => l.trim()).filter(Boolean))].map((name) => ({ name: name50(name) })),
          assignee: person(cols.one(cells, 'Assignee')),
          reporter: person(cols.one(cells, 'Creator')),
          startDate: problems.date(line, 'Started', started, true),
          dueDate: problems.date(line, 'Due Date', cols.one(cells, 'Due Date'), true),
          estimate: estimate !== undefined && Number.isFinite(estimate) && estimate >= 0 ? estimate : undefined,
          parentExternalId: cols.one(cells, 'Parent issue'),
          fields,
          createdAt: problems.date(line, 'Created', cols.one(cells, 'Created')),
          updatedAt: problems.date(line, 'Updated', cols.one(cells, 'Updated')),
          completedAt: completed ?? canceled,
          comments: [],
          activity: [],
          attachments: [],
        }),
      );
    }
    return { records, problems: problems.list, columns: header };
  },
};
