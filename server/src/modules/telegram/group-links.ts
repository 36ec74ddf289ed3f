// Group chats on the tracker's side: which project or stream a chat (or forum topic) is linked to,
// its own language, and which projects and issues it may be shown (the group rule,
// `groupVisibleCondition` in projects/project-access.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BotUser, ChatLinkResult, ChatRef, ProjectChoice } from '@tracker/bot';
import type { ProjectRole } from '@tracker/shared/api/projects';
import { isLocale, type Locale } from '@tracker/shared/locales';
import { canInProject } from '@tracker/shared/permissions';
import { intArray } from '../../db/sql.ts';
import { groupVisibleCondition, requireProject, roleIn, visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { requireStream } from '../streams/stream.service.ts';

interface ChatLink {
  project_id: number | null;
  stream_id: number | null;
}

/** The link of a forum topic, else of the whole chat (a topic without its own link is the chat's). */
export async function chatLink(em: EntityManager, chat: ChatRef): Promise<ChatLink | null> {
  const [row] = await em.execute<ChatLink[]>(
    'select project_id, stream_id from telegram_chat_links where chat_id = ? and thread_id in (?, 0) order by thread_id desc limit 1',
    [chat.chatId, chat.threadId],
  );
  return row ?? null;
}

/**
 * A group's own language: chosen there with /lang (kept in bot_chat_prefs under the chat's id —
 * Telegram's chat ids of groups are negative, never a person's), else the one its links post in.
 */
export async function groupLocale(em: EntityManager, chatId: number): Promise<Locale | null> {
  const [row] = await em.execute<{ locale: string | null }[]>(
    `select coalesce((select locale from bot_chat_prefs where telegram_id = ?),
                     (select locale from telegram_chat_links where chat_id = ? order by thread_id, id limit 1)) as locale`,
    [chatId, chatId],
  );
  return row?.locale && isLocale(row.locale) ? row.locale : null;
}

export async function setGroupLocale(em: EntityManager, chatId: number, locale: Locale): Promise<void> {
  await em.transactional(async (tem) => {
    await tem.execute('insert into bot_chat_prefs (telegram_id, locale) values (?, ?) on conflict (telegram_id) do update set locale = excluded.locale', [chatId, locale]);
    await tem.execute('update telegram_chat_links set locale = ? where chat_id = ?', [locale, chatId]);
  });
}

/** Projects `viewer` may create issues in among those `where` selects (SQL on `p`). */
export async function creatableProjects(em: EntityManager, viewer: Viewer, where: { sql: string; params: unknown[] }): Promise<ProjectChoice[]> {
  const visible = visibleProjectsCondition(viewer, 'p');
  const rows = await em.execute<{ id: number; key: string; name: string; visibility: string; role: ProjectRole | null }[]>(
    `select p.id, p.key, p.name, p.visibility, pm.role from projects p
       left join project_members pm on pm.project_id = p.id and pm.user_id = ?
      where p.archived_at is null and ${visible.sql} and ${where.sql} order by p.name, p.id`,
    [viewer.id, ...visible.params, ...where.params],
  );
  return rows.filter((r) => canInProject(roleIn(r.visibility, r.role), viewer.roles, 'issue.create')).map((r) => ({ id: r.id, key: r.key, name: r.name }));
}

/** Where `/new` in a group creates: the linked project, or the linked stream's projects; else any open one. */
export async function groupProjects(em: EntityManager, viewer: Viewer, chat: ChatRef): Promise<{ linked: boolean; projects: ProjectChoice[]; streamId: number | null }> {
  const link = await chatLink(em, chat);
  const shown = groupVisibleCondition({ id: chat.chatId }, 'p');
  let where = shown;
  if (link?.project_id) where = { sql: `${shown.sql} and p.id = ?`, params: [...shown.params, link.project_id] };
  if (link?.stream_id) {
    where = { sql: `${shown.sql} and p.id in (select i.project_id from issues i join issue_streams s on s.issue_id = i.id where s.stream_id = ?)`, params: [...shown.params, link.stream_id] };
  }
  return { linked: !!link, projects: await creatableProjects(em, viewer, where), streamId: link?.stream_id ?? null };
}

async function projectShownInGroup(em: EntityManager, chatId: number, projectId: number): Promise<boolean> {
  const shown = groupVisibleCondition({ id: chatId }, 'p');
  const rows = await em.execute<{ id: number }[]>(`select p.id from projects p where p.id = ? and ${shown.sql}`, [projectId, ...shown.params]);
  return rows.length > 0;
}

/** Of these issues, those the chat may be shown (null: a chat Telegram does not name, as for an inline share). */
export async function issuesShownInGroup(em: EntityManager, chatId: number | null, issueIds: number[]): Promise<Set<number>> {
  if (!issueIds.length) return new Set();
  const shown = groupVisibleCondition({ id: chatId }, 'p');
  const rows = await em.execute<{ id: number }[]>(
    `select i.id from issues i join projects p on p.id = i.project_id where i.id = any(?::int[]) and ${shown.sql}`,
    [intArray(issueIds), ...shown.params],
  );
  return new Set(rows.map((r) => r.id));
}

/** Binds the chat (topic) to a project every member may see, or to a stream; a repeated /link changes nothing. */
export async function linkChat(em: EntityManager, viewer: Viewer, user: BotUser, chat: ChatRef, target: string): Promise<ChatLinkResult> {
  const stream = /^stream_(\d+)$/.exec(target);
  let bound: { kind: 'project' | 'stream'; name: string; projectId: number | null; streamId: number | null };
  if (stream) {
    const row = await requireStream(em, viewer, Number(stream[1]), 'stream.post');
    bound = { kind: 'stream', name: row.name, projectId: null, streamId: row.id };
  } else {
    const { project } = await requireProject(em, viewer, target.toUpperCase(), 'project.view');
    if (!(await projectShownInGroup(em, chat.chatId, project.id))) return { result: 'membersOnly' };
    bound = { kind: 'project', name: project.name, projectId: project.id, streamId: null };
  }
  const changed = await em.execute<{ id: number }[]>(
    `insert into telegram_chat_links (chat_id, thread_id, project_id, stream_id, created_by, locale)
     values (?, ?, ?, ?, ?, ?)
     on conflict (chat_id, thread_id) do update set project_id = excluded.project_id, stream_id = excluded.stream_id, created_by = excluded.created_by, created_at = now()
     where (telegram_chat_links.project_id, telegram_chat_links.stream_id) is distinct from (excluded.project_id, excluded.stream_id)
     returning id`,
    [chat.chatId, chat.threadId, bound.projectId, bound.streamId, user.id, (await groupLocale(em, chat.chatId)) ?? user.locale],
  );
  return { result: changed.length ? 'linked' : 'already', kind: bound.kind, name: bound.name };
}

export async function unlinkChat(em: EntityManager, chat: ChatRef): Promise<boolean> {
  const removed = await em.execute<{ id: number }[]>('delete from telegram_chat_links where chat_id = ? and thread_id = ? returning id', [chat.chatId, chat.threadId]);
  return removed.length > 0;
}
