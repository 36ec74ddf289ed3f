// "Open a demo project" for a new user: a small project of their own with sample issues assigned to
// them. Its key is derived from the user's id (DEMO + letters), so a second tap finds the same one.
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, DomainError } from '@tracker/shared/domain-errors';
import { addRelation } from '../issues/issue-link.service.ts';
import { createIssue } from '../issues/issue.service.ts';
import type { User } from '../users/user.entity.ts';
import { DEFAULT_LABELS, workflowLocale } from '../projects/default-workflow.ts';
import { DEMO_PROJECT, DEMO_RELATIONS } from './demo-project-data.ts';
import { projectByKeyFor, projectLabels, projectStatuses } from './demo-project.repository.ts';
import { createProject } from '../projects/project.service.ts';
import { setCadence } from '../cycles/cycle.service.ts';
import { createMilestone } from '../milestones/milestone.service.ts';
import { currentAndNext } from '@tracker/shared/cycle-dates';
import { todayIn } from '@tracker/shared/dates';

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
  const row = await projectByKeyFor(em, userId, key);
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
  const lang = workflowLocale(user.locale);
  const data = DEMO_PROJECT[lang];
  let projectId: number;
  try {
    projectId = await em.transactional(async (tem) => {
      const id = await createProject(tem, user, { key, name: data.name, description: data.description, color: '#3b82f6', icon: null, leadId: user.id, visibility: 'members' });
      // createProject made the default workflow and labels in `lang`, the texts' language: found by category and name.
      const statuses = await projectStatuses(tem, id);
      const labels = await projectLabels(tem, id);
      const labelId = (en: string) => labels.find((l) => l.name === DEFAULT_LABELS.find((d) => d.name.en === en)?.name[lang])?.id;
      // A two-week cadence from Monday, and a milestone ten days on: the cycle page, the timeline and
      // the milestone's progress have something to show on the first visit.
      const { cycles, settings } = await setCadence(tem, user, id, { weeks: 2, startDay: 1 });
      // The open work goes into the cycle current in the cadence's own zone (near midnight UTC's day
      // is another one, and the work would land in no cycle); the dates stay UTC's days, as before.
      const { current, next } = currentAndNext(cycles, todayIn(settings!.timeZone));
      const milestone = await createMilestone(tem, user, id, { name: data.milestone, targetDate: isoDay(10), description: '' });
      const cycleOf = (dueIn: number | null) => (dueIn === null ? null : dueIn <= 7 ? (current?.id ?? null) : (next?.id ?? null));
      const ids: number[] = [];
      for (const issue of data.issues) {
        const statusId = issue.status && statuses.find((s) => s.category === issue.status)?.id;
        const issueId = await createIssue(tem, user, {
          projectId: id,
          title: issue.title,
          description: issue.description,
          ...(statusId ? { statusId } : {}),
          priority: issue.priority,
          assigneeId: user.id,
          labelIds: (issue.labels ?? []).flatMap((name) => labelId(name) ?? []),
          streamIds: [],
          startDate: issue.dueIn === null ? null : isoDay(issue.dueIn - 2),
          dueDate: issue.dueIn === null ? null : isoDay(issue.dueIn),
          estimate: null,
          parentId: issue.parent === undefined ? null : ids[issue.parent]!,
          cycleId: cycleOf(issue.dueIn),
          milestoneId: issue.dueIn !== null && issue.dueIn <= 7 ? milestone.id : null,
          customValues: {},
        });
        ids.push(issueId);
      }
      for (const r of DEMO_RELATIONS) await addRelation(tem, user, ids[r.from]!, { type: r.type, issue: ids[r.to]! });
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
