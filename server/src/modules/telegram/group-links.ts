// Group chats on the tracker's side: which project or stream a chat (or forum topic) is linked to,
// its own language, and which projects and issues it may be shown (the group rule,
// `groupVisibleCondition` in projects/project-access.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BotUser, ChatLinkResult, ChatRef, LinkAnswer, ProjectChoice } from '@tracker/bot';
import { isLocale, type Locale } from '@tracker/shared/locales';
import { canInProject } from '@tracker/shared/permissions';
import { recordActivities } from '../activity/activity.ts';
import { groupVisibleCondition, openToWorkspace, projectAccess, requireProject, roleIn, visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { requireStream } from '../streams/stream.service.ts';
import {
  consentedLinkExists,
  deleteChatLink,
  insertLinkRequest,
  issueIdsShown,
  lockChatLink,
  projectChoiceRows,
  saveGroupLocale,
  selectChatLink,
  selectGroupLocale,
  selectLinkRequest,
  takeLinkRequest,
  upsertChatLink,
} from './chat-links.repository.ts';

/** The link of a forum topic, else of the whole chat (a topic without its own link is the chat's). */
export const chatLink = selectChatLink;

/**
 * A group's own language: chosen there with /lang (kept in bot_chat_prefs under the chat's id —
 * Telegram's chat ids of groups are negative, never a person's), else the one its links post in.
 */
export async function groupLocale(em: EntityManager, chatId: number): Promise<Locale | null> {
  const locale = await selectGroupLocale(em, chatId);
  return isLocale(locale) ? locale : null;
}

export const setGroupLocale = (em: EntityManager, chatId: number, locale: Locale): Promise<void> => saveGroupLocale(em, chatId, locale);

/** Projects `viewer` may create issues in among those `where` selects (SQL on `p`). */
export async function creatableProjects(em: EntityManager, viewer: Viewer, where: { sql: string; params: unknown[] }): Promise<ProjectChoice[]> {
  const visible = visibleProjectsCondition(viewer, 'p');
  const rows = await projectChoiceRows(em, viewer.id, visible, where);
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
  return new Set(await issueIdsShown(em, issueIds, shown));
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
    return bind(em, user, chat, { kind: 'stream', name: row.name, key: null, projectId: null, streamId: row.id }, null);
  }
  const { project, role } = await requireProject(em, viewer, target.toUpperCase(), 'project.view');
  if (openToWorkspace(project)) return bindProject(em, user, chat, project);
  if (!canInProject(role, viewer.roles, 'project.telegram')) return { result: 'ownersOnly' };
  if (await consentedLinkExists(em, chat, project.id)) return { result: 'already', kind: 'project', name: project.name, key: project.key };
  return { result: 'confirm', requestId: await insertLinkRequest(em, chat, project.id, user.id), name: project.name };
}

/** The group a link question of `user` is about; null when it is not theirs, answered or a day old. */
export const linkRequest = (em: EntityManager, user: BotUser, requestId: number): Promise<ChatRef | null> => selectLinkRequest(em, requestId, user.id);

/** The owner's answer to a link question: the project is linked (ownership checked again) or not. */
export async function answerLinkRequest(em: EntityManager, viewer: Viewer, user: BotUser, requestId: number, confirmed: boolean): Promise<LinkAnswer | null> {
  const chat = await linkRequest(em, user, requestId);
  const projectId = await takeLinkRequest(em, requestId, user.id);
  if (!chat || !projectId) return null;
  const locale = (await groupLocale(em, chat.chatId)) ?? user.locale;
  if (!confirmed) return { chat, locale, result: null };
  const { project } = await requireProject(em, viewer, projectId, 'project.telegram');
  const result = await bindProject(em, user, chat, project);
  return { chat, locale, result };
}

export type Bound = { kind: 'project' | 'stream'; name: string; key: string | null; projectId: number | null; streamId: number | null };

/**
 * Links a project to the chat. One open to the whole workspace needs nobody's consent; a
 * members-only one is linked on `user`'s, an owner's, whose question or command got here.
 */
export const bindProject = (em: EntityManager, user: BotUser, chat: ChatRef, project: { id: number; name: string; key: string; visibility: string }) =>
  bind(em, user, chat, { kind: 'project', name: project.name, key: project.key, projectId: project.id, streamId: null }, openToWorkspace(project) ? null : user.id);

export async function bind(em: EntityManager, user: BotUser, chat: ChatRef, bound: Bound, consentedBy: number | null): Promise<NonNullable<LinkAnswer['result']>> {
  const locale = (await groupLocale(em, chat.chatId)) ?? user.locale;
  return em.transactional(async (tem) => {
    const changed = await upsertChatLink(tem, { chat, projectId: bound.projectId, streamId: bound.streamId, createdBy: user.id, locale, consentedBy });
    const named = { kind: bound.kind, name: bound.name, ...(bound.key ? { key: bound.key } : {}) };
    if (!changed) return { result: 'already', ...named };
    if (bound.projectId) await recordActivities(tem, [{ projectId: bound.projectId, actorId: user.id, action: 'telegram.linked', newValue: { chat: chat.title ?? '' } }]);
    return { result: 'linked', ...named };
  });
}

/**
 * `/unlink`: by one of the group's administrators, or by an owner of the linked project (who may not
 * administer the group, yet decides who sees the project). Recorded in the project's activity.
 */
export async function unlinkChat(em: EntityManager, chat: ChatRef, by: { viewer: Viewer | null; groupAdmin: boolean }): Promise<'unlinked' | 'notLinked' | 'forbidden'> {
  return em.transactional(async (tem) => {
    const link = await lockChatLink(tem, chat);
    if (!by.groupAdmin && !(await ownsLinkedProject(tem, by.viewer, link?.project_id ?? null))) return 'forbidden';
    if (!link) return 'notLinked';
    await deleteChatLink(tem, link.id);
    if (link.project_id) await recordActivities(tem, [{ projectId: link.project_id, actorId: by.viewer?.id ?? null, action: 'telegram.unlinked', oldValue: { chat: chat.title ?? '' } }]);
    return 'unlinked';
  });
}

async function ownsLinkedProject(em: EntityManager, viewer: Viewer | null, projectId: number | null): Promise<boolean> {
  if (!viewer || !projectId) return false;
  const access = await projectAccess(em, viewer, projectId);
  return !!access && canInProject(access.role, viewer.roles, 'project.telegram');
}
