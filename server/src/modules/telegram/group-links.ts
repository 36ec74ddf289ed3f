// Group chats on the tracker's side: which project or stream a chat (or forum topic) is linked to,
// its own language, and which projects and issues it may be shown (the group rule,
// `groupVisibleCondition` in projects/project-access.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BotUser, ChatLinkResult, ChatRef, LinkAnswer, ProjectChoice } from '@tracker/bot';
import type { ProjectRole } from '@tracker/shared/api/projects';
import { isLocale, type Locale } from '@tracker/shared/locales';
import { canInProject } from '@tracker/shared/permissions';
import { intArray } from '../../db/sql.ts';
import { recordActivities } from '../activity/activity.ts';
import { groupVisibleCondition, projectAccess, requireProject, roleIn, visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
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

/**
 * `/link` by a group administrator: a stream, or a project open to the whole workspace, is bound at
 * once; a members-only project only after its owner (or a Tracker admin) confirms, in their private
 * chat, that everyone in the group will see it (`answerLinkRequest`). A repeated /link changes nothing.
 */
export async function linkChat(em: EntityManager, viewer: Viewer, user: BotUser, chat: ChatRef, target: string): Promise<ChatLinkResult> {
  const stream = /^stream_(\d+)$/.exec(target);
  if (stream) {
    const row = await requireStream(em, viewer, Number(stream[1]), 'stream.post');
    return bind(em, user, chat, { kind: 'stream', name: row.name, projectId: null, streamId: row.id }, null);
  }
  const { project, role } = await requireProject(em, viewer, target.toUpperCase(), 'project.view');
  if (project.visibility === 'all') return bind(em, user, chat, { kind: 'project', name: project.name, projectId: project.id, streamId: null }, null);
  if (!canInProject(role, viewer.roles, 'project.telegram')) return { result: 'ownersOnly' };
  const [current] = await em.execute<{ id: number }[]>('select id from telegram_chat_links where chat_id = ? and thread_id = ? and project_id = ? and consented_at is not null', [chat.chatId, chat.threadId, project.id]);
  if (current) return { result: 'already', kind: 'project', name: project.name };
  // Unanswered questions are kept a day; older ones are dropped as new ones are asked.
  await em.execute(`delete from telegram_link_requests where created_at < now() - interval '1 day'`);
  const [request] = await em.execute<{ id: number }[]>(
    'insert into telegram_link_requests (chat_id, thread_id, chat_title, project_id, user_id) values (?, ?, ?, ?, ?) returning id',
    [chat.chatId, chat.threadId, chat.title ?? '', project.id, user.id],
  );
  return { result: 'confirm', requestId: request!.id, name: project.name };
}

/** The group a link question of `user` is about; null when it is not theirs, answered or a day old. */
export async function linkRequest(em: EntityManager, user: BotUser, requestId: number): Promise<ChatRef | null> {
  const [row] = await em.execute<{ chat_id: string; thread_id: number; chat_title: string }[]>(
    `select chat_id, thread_id, chat_title from telegram_link_requests where id = ? and user_id = ? and created_at > now() - interval '1 day'`,
    [requestId, user.id],
  );
  return row ? { chatId: Number(row.chat_id), threadId: row.thread_id, title: row.chat_title } : null;
}

/** The owner's answer to a link question: the project is linked (ownership checked again) or not. */
export async function answerLinkRequest(em: EntityManager, viewer: Viewer, user: BotUser, requestId: number, confirmed: boolean): Promise<LinkAnswer | null> {
  const chat = await linkRequest(em, user, requestId);
  const [request] = await em.execute<{ project_id: number }[]>('delete from telegram_link_requests where id = ? and user_id = ? returning project_id', [requestId, user.id]);
  if (!chat || !request) return null;
  const locale = (await groupLocale(em, chat.chatId)) ?? user.locale;
  if (!confirmed) return { chat, locale, result: null };
  const { project } = await requireProject(em, viewer, request.project_id, 'project.telegram');
  const result = await bind(em, user, chat, { kind: 'project', name: project.name, projectId: project.id, streamId: null }, project.visibility === 'all' ? null : user.id);
  return { chat, locale, result };
}

type Bound = { kind: 'project' | 'stream'; name: string; projectId: number | null; streamId: number | null };

async function bind(em: EntityManager, user: BotUser, chat: ChatRef, bound: Bound, consentedBy: number | null): Promise<NonNullable<LinkAnswer['result']>> {
  const locale = (await groupLocale(em, chat.chatId)) ?? user.locale;
  return em.transactional(async (tem) => {
    const changed = await tem.execute<{ id: number }[]>(
      `insert into telegram_chat_links (chat_id, thread_id, project_id, stream_id, created_by, locale, consented_by, consented_at)
       values (?, ?, ?, ?, ?, ?, ?, case when ?::int is null then null else now() end)
       on conflict (chat_id, thread_id) do update set project_id = excluded.project_id, stream_id = excluded.stream_id, created_by = excluded.created_by,
         created_at = now(), consented_by = excluded.consented_by, consented_at = excluded.consented_at
       where (telegram_chat_links.project_id, telegram_chat_links.stream_id, telegram_chat_links.consented_at is null)
             is distinct from (excluded.project_id, excluded.stream_id, excluded.consented_at is null)
       returning id`,
      [chat.chatId, chat.threadId, bound.projectId, bound.streamId, user.id, locale, consentedBy, consentedBy],
    );
    if (!changed.length) return { result: 'already', kind: bound.kind, name: bound.name };
    if (bound.projectId) await recordActivities(tem, [{ projectId: bound.projectId, actorId: user.id, action: 'telegram.linked', newValue: { chat: chat.title ?? '' } }]);
    return { result: 'linked', kind: bound.kind, name: bound.name };
  });
}

/**
 * `/unlink`: by one of the group's administrators, or by an owner of the linked project (who may not
 * administer the group, yet decides who sees the project). Recorded in the project's activity.
 */
export async function unlinkChat(em: EntityManager, chat: ChatRef, by: { viewer: Viewer | null; groupAdmin: boolean }): Promise<'unlinked' | 'notLinked' | 'forbidden'> {
  return em.transactional(async (tem) => {
    const [link] = await tem.execute<{ id: number; project_id: number | null }[]>('select id, project_id from telegram_chat_links where chat_id = ? and thread_id = ? for update', [chat.chatId, chat.threadId]);
    if (!by.groupAdmin && !(await ownsLinkedProject(tem, by.viewer, link?.project_id ?? null))) return 'forbidden';
    if (!link) return 'notLinked';
    await tem.execute('delete from telegram_chat_links where id = ?', [link.id]);
    if (link.project_id) await recordActivities(tem, [{ projectId: link.project_id, actorId: by.viewer?.id ?? null, action: 'telegram.unlinked', oldValue: { chat: chat.title ?? '' } }]);
    return 'unlinked';
  });
}

async function ownsLinkedProject(em: EntityManager, viewer: Viewer | null, projectId: number | null): Promise<boolean> {
  if (!viewer || !projectId) return false;
  const access = await projectAccess(em, viewer, projectId);
  return !!access && canInProject(access.role, viewer.roles, 'project.telegram');
}
