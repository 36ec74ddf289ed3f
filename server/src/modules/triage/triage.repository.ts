// Triage's rows: a project's triage status, the message an issue was captured from, snoozes, and the
// issues waiting in triage.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { ISSUE_ROW_COLUMNS, type IssueRow } from '../issues/issue.mapper.ts';

export interface SourceRow {
  chat_id: string;
  thread_id: number;
  message_id: number;
  url: string;
  author: string;
  /** The chat's language (saveGroupLocale keeps its links' in step with /lang). */
  locale: string | null;
}

export async function triageStatusId(em: EntityManager, projectId: number): Promise<number | null> {
  const [row] = await em.execute<{ id: number }[]>(`select id from statuses where project_id = ? and category = 'triage'`, [projectId]);
  return row?.id ?? null;
}

/** The project's triage status, made first in its workflow when it has none (the partial unique index keeps one). */
export async function ensureTriageStatus(em: EntityManager, projectId: number, name: string): Promise<number> {
  await em.execute(
    `insert into statuses (project_id, name, category, color, position)
     select ?, ?, 'triage', '#a855f7', coalesce(min(position), 0) - 1 from statuses where project_id = ?
     on conflict (project_id) where category = 'triage' do nothing`,
    [projectId, name, projectId],
  );
  return (await triageStatusId(em, projectId))!;
}

/** The project's first status of the first of `categories` it has (by workflow order). */
export async function firstStatusOf(em: EntityManager, projectId: number, categories: readonly StatusCategory[]): Promise<number | null> {
  const marks = categories.map(() => '?').join(', ');
  const [row] = await em.execute<{ id: number }[]>(
    `select id from statuses where project_id = ? and category in (${marks}) order by array_position(array[${marks}]::text[], category::text), position, id limit 1`,
    [projectId, ...categories, ...categories],
  );
  return row?.id ?? null;
}

export async function insertSource(em: EntityManager, issueId: number, s: { chatId: number; threadId: number; messageId: number; url: string; author: string }): Promise<void> {
  await em.execute('insert into issue_sources (issue_id, chat_id, thread_id, message_id, url, author) values (?, ?, ?, ?, ?, ?)', [issueId, s.chatId, s.threadId, s.messageId, s.url, s.author]);
}

export async function sourceOf(em: EntityManager, issueId: number): Promise<SourceRow | null> {
  const [row] = await em.execute<SourceRow[]>(
    `select s.chat_id, s.thread_id, s.message_id, s.url, s.author,
            (select l.locale from telegram_chat_links l where l.chat_id = s.chat_id order by l.thread_id = s.thread_id desc, l.id limit 1) as locale
       from issue_sources s where s.issue_id = ?`,
    [issueId],
  );
  return row ?? null;
}

export async function setSnooze(em: EntityManager, issueId: number, until: string | null): Promise<void> {
  if (until === null) await em.execute('delete from triage_snoozes where issue_id = ?', [issueId]);
  else await em.execute('insert into triage_snoozes (issue_id, until) values (?, ?) on conflict (issue_id) do update set until = excluded.until', [issueId, until]);
}

export type TriageRow = IssueRow & { source_url: string | null; source_author: string | null; snoozed_until: string | null };

/** The project's issues in triage: waiting ones oldest first, then snoozed ones by when they return. */
/** The project's issues in Triage — or, with `memberId`, those of every project where that person is a member or owner. */
export async function triageRows(em: EntityManager, scope: { projectId: number } | { memberId: number }): Promise<TriageRow[]> {
  const where = 'projectId' in scope
    ? 'i.project_id = ?'
    : `p.archived_at is null and i.project_id in (select pm.project_id from project_members pm where pm.user_id = ? and pm.role in ('owner', 'member'))`;
  return em.execute<TriageRow[]>(
    `select ${ISSUE_ROW_COLUMNS}, src.url as source_url, src.author as source_author, case when z.until > now() then z.until end as snoozed_until
       from issues i
       join projects p on p.id = i.project_id
       join statuses st on st.id = i.status_id and st.category = 'triage'
       left join users au on au.id = i.assignee_id
       left join issue_sources src on src.issue_id = i.id
       left join triage_snoozes z on z.issue_id = i.id
      where ${where}
      order by (z.until > now()) is true, coalesce(z.until, i.created_at), i.id
      limit 500`,
    ['projectId' in scope ? scope.projectId : scope.memberId],
  );
}

/** One issue as lists show it. */
export async function issueRow(em: EntityManager, issueId: number): Promise<IssueRow | null> {
  const [row] = await em.execute<IssueRow[]>(`select ${ISSUE_ROW_COLUMNS} from issues i join projects p on p.id = i.project_id left join users au on au.id = i.assignee_id where i.id = ?`, [issueId]);
  return row ?? null;
}


/** The category of the issue's status. */
export async function statusCategoryOf(em: EntityManager, issueId: number): Promise<StatusCategory | null> {
  const [row] = await em.execute<{ category: StatusCategory }[]>('select s.category from issues i join statuses s on s.id = i.status_id where i.id = ?', [issueId]);
  return row?.category ?? null;
}
