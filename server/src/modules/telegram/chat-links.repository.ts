// Telegram chats' rows: links of chats and forum topics to projects and streams, their language,
// the owners' pending link questions, and the project and issue rows a chat may be shown.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChatRef } from '@tracker/bot';
import type { ProjectRole } from '@tracker/shared/api/projects';
import { intArray } from '../../db/sql.ts';

export interface ChatLinkRow {
  project_id: number | null;
  stream_id: number | null;
}

type Condition = { sql: string; params: unknown[] };

/** The link of a forum topic, else of the whole chat. */
export async function selectChatLink(em: EntityManager, chat: ChatRef): Promise<ChatLinkRow | null> {
  const [row] = await em.execute<ChatLinkRow[]>(
    'select project_id, stream_id from telegram_chat_links where chat_id = ? and thread_id in (?, 0) order by thread_id desc limit 1',
    [chat.chatId, chat.threadId],
  );
  return row ?? null;
}

export async function selectGroupLocale(em: EntityManager, chatId: number): Promise<string | null> {
  const [row] = await em.execute<{ locale: string | null }[]>(
    `select coalesce((select locale from bot_chat_prefs where telegram_id = ?),
                     (select locale from telegram_chat_links where chat_id = ? order by thread_id, id limit 1)) as locale`,
    [chatId, chatId],
  );
  return row?.locale ?? null;
}

export async function saveGroupLocale(em: EntityManager, chatId: number, locale: string): Promise<void> {
  await em.transactional(async (tem) => {
    await tem.execute('insert into bot_chat_prefs (telegram_id, locale) values (?, ?) on conflict (telegram_id) do update set locale = excluded.locale', [chatId, locale]);
    await tem.execute('update telegram_chat_links set locale = ? where chat_id = ?', [locale, chatId]);
  });
}

/** Unarchived projects `visible` and `where` select (SQL on `p`), with the viewer's membership role. */
export function projectChoiceRows(em: EntityManager, viewerId: number, visible: Condition, where: Condition) {
  return em.execute<{ id: number; key: string; name: string; visibility: string; role: ProjectRole | null }[]>(
    `select p.id, p.key, p.name, p.visibility, pm.role from projects p
       left join project_members pm on pm.project_id = p.id and pm.user_id = ?
      where p.archived_at is null and ${visible.sql} and ${where.sql} order by p.name, p.id`,
    [viewerId, ...visible.params, ...where.params],
  );
}

/**
 * The projects a forum's general link posts (its project, or its stream's projects) that `shown` lets
 * the group see and no topic of the chat is linked to yet: where `/topics` makes topics.
 */
export function generalLinkProjects(em: EntityManager, viewerId: number, chatId: number, visible: Condition, shown: Condition) {
  const where = {
    sql: `${shown.sql} and not exists (select 1 from telegram_chat_links t where t.chat_id = ? and t.thread_id <> 0 and t.project_id = p.id)
      and p.id in (select l.project_id from telegram_chat_links l where l.chat_id = ? and l.thread_id = 0 and l.project_id is not null
                   union select i.project_id from issues i join issue_streams s on s.issue_id = i.id
                    where s.stream_id = (select l.stream_id from telegram_chat_links l where l.chat_id = ? and l.thread_id = 0))`,
    params: [...shown.params, chatId, chatId, chatId],
  };
  return projectChoiceRows(em, viewerId, visible, where);
}

/** Of these issues, the ids whose project `shown` selects (SQL on `p`). */
export async function issueIdsShown(em: EntityManager, issueIds: number[], shown: Condition): Promise<number[]> {
  const rows = await em.execute<{ id: number }[]>(`select i.id from issues i join projects p on p.id = i.project_id where i.id = any(?::int[]) and ${shown.sql}`, [intArray(issueIds), ...shown.params]);
  return rows.map((r) => r.id);
}

export async function consentedLinkExists(em: EntityManager, chat: ChatRef, projectId: number): Promise<boolean> {
  const rows = await em.execute('select 1 from telegram_chat_links where chat_id = ? and thread_id = ? and project_id = ? and consented_at is not null', [chat.chatId, chat.threadId, projectId]);
  return rows.length > 0;
}

/** A new question to the owner; unanswered ones are kept a day, older ones dropped as new ones are asked. */
export async function insertLinkRequest(em: EntityManager, chat: ChatRef, projectId: number, userId: number): Promise<number> {
  await em.execute(`delete from telegram_link_requests where created_at < now() - interval '1 day'`);
  const [row] = await em.execute<{ id: number }[]>(
    'insert into telegram_link_requests (chat_id, thread_id, chat_title, project_id, user_id) values (?, ?, ?, ?, ?) returning id',
    [chat.chatId, chat.threadId, chat.title ?? '', projectId, userId],
  );
  return row!.id;
}

export async function selectLinkRequest(em: EntityManager, requestId: number, userId: number): Promise<ChatRef | null> {
  const [row] = await em.execute<{ chat_id: string; thread_id: number; chat_title: string }[]>(
    `select chat_id, thread_id, chat_title from telegram_link_requests where id = ? and user_id = ? and created_at > now() - interval '1 day'`,
    [requestId, userId],
  );
  return row ? { chatId: Number(row.chat_id), threadId: row.thread_id, title: row.chat_title } : null;
}

/** Removes the question (answered), returning its project. */
export async function takeLinkRequest(em: EntityManager, requestId: number, userId: number): Promise<number | null> {
  const [row] = await em.execute<{ project_id: number }[]>('delete from telegram_link_requests where id = ? and user_id = ? returning project_id', [requestId, userId]);
  return row?.project_id ?? null;
}

/** Binds the chat (topic); false when it was bound to exactly that, with the same consent, already. */
export async function upsertChatLink(
  em: EntityManager,
  link: { chat: ChatRef; projectId: number | null; streamId: number | null; createdBy: number; locale: string; consentedBy: number | null },
): Promise<boolean> {
  const changed = await em.execute<{ id: number }[]>(
    `insert into telegram_chat_links (chat_id, thread_id, project_id, stream_id, created_by, locale, consented_by, consented_at)
     values (?, ?, ?, ?, ?, ?, ?, case when ?::int is null then null else now() end)
     on conflict (chat_id, thread_id) do update set project_id = excluded.project_id, stream_id = excluded.stream_id, created_by = excluded.created_by,
       created_at = now(), consented_by = excluded.consented_by, consented_at = excluded.consented_at
     where (telegram_chat_links.project_id, telegram_chat_links.stream_id, telegram_chat_links.consented_at is null)
           is distinct from (excluded.project_id, excluded.stream_id, excluded.consented_at is null)
     returning id`,
    [link.chat.chatId, link.chat.threadId, link.projectId, link.streamId, link.createdBy, link.locale, link.consentedBy, link.consentedBy],
  );
  return changed.length > 0;
}

/** The chat's (topic's) own link, locked until the transaction ends. */
export async function lockChatLink(em: EntityManager, chat: ChatRef): Promise<{ id: number; project_id: number | null } | null> {
  const [row] = await em.execute<{ id: number; project_id: number | null }[]>('select id, project_id from telegram_chat_links where chat_id = ? and thread_id = ? for update', [chat.chatId, chat.threadId]);
  return row ?? null;
}

export async function deleteChatLink(em: EntityManager, id: number): Promise<void> {
  await em.execute('delete from telegram_chat_links where id = ?', [id]);
}

export async function projectName(em: EntityManager, projectId: number): Promise<string> {
  const [row] = await em.execute<{ name: string }[]>('select name from projects where id = ?', [projectId]);
  return row?.name ?? '';
}

/** The group chat an issue was created from (it shows the card already: the new-issue post skips it). */
export async function recordIssueOrigin(em: EntityManager, issueId: number, chatId: number): Promise<void> {
  await em.execute('insert into telegram_issue_origins (issue_id, chat_id) values (?, ?)', [issueId, chatId]);
}
