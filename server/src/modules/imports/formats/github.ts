// GitHub issues as the GitHub CLI prints them:
// `gh issue list --state all --limit 10000 --json number,title,body,state,labels,assignees,createdAt,closedAt,comments`
// (optionally also author, updatedAt, stateReason, milestone, url). A JSON array; the issue number is
// the external id. GitHub gives logins and names, never e-mails: people are matched by name or by hand.
import type { ImportPerson, ImportRecord } from '@tracker/shared/api/import-record';
import { z } from 'zod';
import type { ImportFormatParser, ParsedImport } from './format.ts';
import { clip, compact, name50, notThisFormat, Problems, readJson } from './read.ts';

const str = z.string().nullish();
const user = z.object({ login: str, name: str }).loose().nullish();

const issueSchema = z
  .object({
    number: z.number().int().positive(),
    title: z.string(),
    body: z.string().nullish(),
    state: z.string().nullish(),
    stateReason: str,
    labels: z.array(z.object({ name: z.string(), color: str, description: str }).loose()).catch([]),
    assignees: z.array(z.object({ login: z.string(), name: str }).loose()).catch([]),
    author: user,
    createdAt: str,
    updatedAt: str,
    closedAt: str,
    milestone: z.object({ title: z.string() }).loose().nullish(),
    comments: z
      .array(z.object({ id: str, author: user, body: z.string().catch(''), createdAt: str, updatedAt: str }).loose())
      .catch([]),
  })
  .loose();

const who = (u: { login?: string | null; name?: string | null } | null | undefined): ImportPerson | undefined =>
  u?.name || u?.login ? { name: (u.name || u.login)!.slice(0, 200) } : undefined;

export const githubFormat: ImportFormatParser = {
  id: 'github',
  parse(text: string): ParsedImport {
    const json = readJson(text);
    // The CLI prints an array of issues; anything else (an object, an array of other things) is another file.
    const isIssue = (x: unknown) => typeof x === 'object' && x !== null && 'number' in x && 'title' in x;
    const looksLikeIssues = Array.isArray(json) && (json.length === 0 || json.some(isIssue));
    if (!looksLikeIssues) throw notThisFormat('notGithub');
    const problems = new Problems();
    const records: ImportRecord[] = [];
    (json as unknown[]).forEach((raw, i) => {
      const row = i + 1;
      const parsed = issueSchema.safeParse(raw);
      if (!parsed.success) {
        problems.add(row, 'badItem');
        return;
      }
      const issue = parsed.data;
      if (!issue.title.trim()) {
        problems.add(row, 'missingTitle', { id: issue.number });
        return;
      }
      const closed = issue.state?.toUpperCase() === 'CLOSED';
      const notPlanned = closed && issue.stateReason?.toUpperCase() === 'NOT_PLANNED';
      const fields: Record<string, unknown> = {};
      if (issue.milestone) fields.Milestone = issue.milestone.title;
      if (issue.assignees.length > 1) fields.Assignees = issue.assignees.map((a) => a.login);
      records.push(
        compact({
          externalId: String(issue.number),
          row,
          title: clip(issue.title.trim(), 300),
          description: issue.body?.trim() ? clip(issue.body, 100_000) : undefined,
          status: closed ? { name: notPlanned ? 'Not planned' : 'Closed', category: notPlanned ? ('canceled' as const) : ('completed' as const) } : { name: 'Open', category: 'unstarted' as const },
          labels: issue.labels.map((l) => compact({ name: name50(l.name), color: l.color && /^[0-9a-f]{6}$/i.test(l.color) ? `#${l.color.toLowerCase()}` : undefined })),
          assignee: who(issue.assignees[0]),
          reporter: who(issue.author),
          fields,
          createdAt: problems.date(row, 'createdAt', issue.createdAt ?? undefined),
          updatedAt: problems.date(row, 'updatedAt', issue.updatedAt ?? undefined),
          completedAt: closed ? problems.date(row, 'closedAt', issue.closedAt ?? undefined) : undefined,
          comments: issue.comments
            .filter((c) => c.body.trim())
            .map((c) =>
              compact({
                externalId: c.id ?? undefined,
                author: who(c.author),
                body: clip(c.body, 100_000),
                createdAt: problems.date(row, 'comments.createdAt', c.createdAt ?? undefined),
                updatedAt: problems.date(row, 'comments.updatedAt', c.updatedAt ?? undefined),
              }),
            ),
          activity: [],
          attachments: [],
        }),
      );
    });
    return { records, problems: problems.list };
  },
};
