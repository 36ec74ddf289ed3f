import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../modules/users/user.service.ts';
import { DEFAULT_LABELS, DEFAULT_STATUSES } from '../modules/projects/default-workflow.ts';
import { seedBlog } from './demo-blog.ts';
import { COMMENTS, DEMO_MILESTONES, DEMO_PASSWORD, DEMO_PROJECTS, DEMO_STREAMS, DEMO_USERS, TITLE_PARTS } from './demo-data.ts';
import { generateIssues, issueCount } from './demo-issues.repository.ts';
import { linkIssues } from './demo-links.ts';
import { seedPlans } from './demo-plans.repository.ts';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import {
  insertDemoProject,
  insertDemoStream,
  insertFieldOption,
  insertFields,
  insertLabel,
  insertMember,
  insertStatus,
  insertStreamMembers,
  insertStreamUpdate,
  projectCount,
  quietHistory,
  seedRandom,
  truncateAllTables,
  upsertDemoUser,
  vacuumAnalyze,
} from './demo.repository.ts';

export class WorkspaceNotEmptyError extends Error {
  constructor() {
    super('The database already has projects: the demo fills an empty workspace only.');
  }
}

/** Empties every table but the migrations' record (the schema stays): all users, sessions and data go. */
export async function eraseWorkspace(em: EntityManager): Promise<void> {
  await truncateAllTables(em);
}

/**
 * Fills an empty database with a believable workspace. Issues, comments and history are generated
 * inside PostgreSQL (generate_series), so 100,000 issues take seconds, not minutes.
 */
export async function seedDemo(em: EntityManager, options: { issues: number }): Promise<{ users: number; issues: number }> {
  if ((await projectCount(em)) > 0) throw new WorkspaceNotEmptyError();

  const result = await em.transactional(async (tx) => {
    // The demo's past notifies nobody (migration quiet_history): no backlog of activity jobs.
    await quietHistory(tx);
    await seedRandom(tx, 0.42);
    const hash = await hashPassword(DEMO_PASSWORD);
    const userIds: number[] = [];
    for (const [i, u] of DEMO_USERS.entries()) {
      userIds.push(await upsertDemoUser(tx, { name: u.name, email: u.email, passwordHash: hash, roles: i === 0 ? ['admin'] : [], locale: u.locale }));
    }

    for (const [pi, p] of DEMO_PROJECTS.entries()) {
      const projectId = await insertDemoProject(tx, { key: p.key, name: p.name, description: p.description, color: p.color, leadId: userIds[pi]!, visibility: pi === 2 ? 'all' : 'members' });
      for (const [ui, uid] of userIds.entries()) {
        const role = ui === pi ? 'owner' : ui === userIds.length - 1 ? 'viewer' : 'member';
        await insertMember(tx, projectId, uid, role);
      }
      for (const [si, s] of DEFAULT_STATUSES.entries()) await insertStatus(tx, projectId, { name: s.name[p.locale], category: s.category, color: s.color, position: si });
      for (const l of DEFAULT_LABELS) await insertLabel(tx, projectId, { name: l.name[p.locale], color: l.color });
    }

    for (const s of DEMO_STREAMS) {
      const streamId = await insertDemoStream(tx, { name: s.name, status: s.status, leadId: userIds[0]! });
      await insertStreamMembers(tx, streamId, userIds);
      await insertStreamUpdate(tx, streamId, { authorId: userIds[1]!, body: s.update, health: s.health });
    }

    const [component] = await insertFields(tx, [{ type: 'select', name: { ru: 'Компонент', en: 'Component' }, description: { ru: 'Часть продукта', en: 'Part of the product' }, position: 0 }]);
    for (const [i, o] of ['Backend', 'Frontend', 'Mobile', 'Infra'].entries()) {
      await insertFieldOption(tx, component!, { name: o, color: ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b'][i]!, position: i });
    }
    await insertFields(tx, [
      { type: 'number', name: { ru: 'Стори-пойнты', en: 'Story points' }, position: 1 },
      { type: 'checkbox', name: { ru: 'Нужна проверка QA', en: 'Needs QA' }, position: 2 },
    ]);

    await generateIssues(tx, options.issues, userIds, { titles: TITLE_PARTS, comments: COMMENTS });
    await linkIssues(tx);
    await seedPlans(tx, { timeZone: DEFAULT_TIME_ZONE, milestones: DEMO_MILESTONES, englishKeys: DEMO_PROJECTS.filter((p) => p.locale === 'en').map((p) => p.key) });
    await seedBlog(tx, userIds);
    return { users: userIds.length, issues: await issueCount(tx) };
  });
  // Outside the transaction: flush the full-text indexes' pending lists and refresh statistics,
  // so the first searches on fresh data use the indexes at full speed.
  await vacuumAnalyze(em);
  return result;
}
