// `/topics` in a forum supergroup: each project the group's general link posts gets a topic of its
// own, linked to it, so the team reads each project apart. Only the projects' owners move them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BotUser, ChatRef, LinkAnswer, TopicPlan } from '@tracker/bot';
import { canInProject } from '@tracker/shared/permissions';
import { groupVisibleCondition, requireProject, roleIn, visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { generalLinkProjects } from './chat-links.repository.ts';
import { bindProject } from './group-links.ts';

export async function topicPlan(em: EntityManager, viewer: Viewer, chatId: number): Promise<TopicPlan> {
  const rows = await generalLinkProjects(em, viewer.id, chatId, visibleProjectsCondition(viewer, 'p'), groupVisibleCondition({ id: chatId }, 'p'));
  const owned = rows.filter((r) => canInProject(roleIn(r.visibility, r.role), viewer.roles, 'project.telegram'));
  return { projects: owned.map((r) => ({ id: r.id, key: r.key, name: r.name })), notOwned: rows.length - owned.length };
}

/** Binds a topic the bot just made to the project; its owner's `/topics` is the consent a members-only project needs. */
export async function linkTopic(em: EntityManager, viewer: Viewer, user: BotUser, chat: ChatRef, projectId: number): Promise<NonNullable<LinkAnswer['result']>> {
  const { project } = await requireProject(em, viewer, projectId, 'project.telegram');
  return bindProject(em, user, chat, project);
}
