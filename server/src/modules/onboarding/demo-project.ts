// "Open a demo project" for a new user: a small project of their own with sample issues assigned to
// them. Its key is derived from the user's id (DEMO + letters), so a second tap finds the same one.
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, DomainError } from '@tracker/shared/domain-errors';
import { createIssue } from '../issues/issue.service.ts';
import type { User } from '../users/user.entity.ts';
import { workflowLocale } from '../projects/default-workflow.ts';
import { DEMO_PROJECT } from './demo-project-data.ts';
import { createProject } from '../projects/project.service.ts';

/** `DEMO` and the user id in base 26 (A–Z): a valid project key up to 10 letters for ids below 26⁶. */
export function demoKey(userId: number): string {
  let n = userId;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `DEMO${letters}`;
}

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function existing(em: EntityManager, userId: number, key: string): Promise<number | null> {
  const [row] = await em.execute<{ id: number; mine: boolean }[]>(
    'select p.id, exists (select 1 from project_members pm where pm.project_id = p.id and pm.user_id = ?) as mine from projects p where p.key = ?',
    [userId, key],
  );
  if (!row) return null;
  // The key was taken by hand for another project: not this user's demo.
  if (!row.mine) throw conflict('key_taken', 'key');
  return row.id;
}

/** The user's demo project: found, or made now. */
export async function openDemoProject(em: EntityManager, user: User): Promise<{ projectId: number; created: boolean }> {
  const key = demoKey(user.id);
  const found = await existing(em, user.id, key);
  if (found) return { projectId: found, created: false };
  const data = DEMO_PROJECT[workflowLocale(user.locale)];
  let projectId: number;
  try {
    projectId = await em.transactional(async (tem) => {
      const id = await createProject(tem, user, { key, name: data.name, description: data.description, color: '#3b82f6', icon: null, leadId: user.id, visibility: 'members' });
      const [started] = await tem.execute<{ id: number }[]>(`select id from statuses where project_id = ? and category = 'started' order by position limit 1`, [id]);
      for (const issue of data.issues) {
        await createIssue(tem, user, {
          projectId: id,
          title: issue.title,
          description: issue.description,
          ...(issue.started && started ? { statusId: started.id } : {}),
          priority: issue.priority,
          assigneeId: user.id,
          labelIds: [],
          streamIds: [],
          startDate: null,
          dueDate: issue.dueIn === null ? null : isoDay(issue.dueIn),
          estimate: null,
          parentId: null,
          customValues: {},
        });
      }
      return id;
    });
  } catch (err) {
    // A second tap that raced the first: the first one's project is the answer.
    const raced = err instanceof DomainError && err.code === 'key_taken' ? await existing(em, user.id, key) : null;
    if (!raced) throw err;
    return { projectId: raced, created: false };
  }
  return { projectId, created: true };
}
