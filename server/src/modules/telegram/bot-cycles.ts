// The bot's cycles (issue 29): where a one-line `/new`'s `*current` / `*next` puts the issue, and
// what `/cycle` sums up — a person's projects in a private chat, the linked project in a group (only
// when the group may be shown it: the group rule).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChatRef, CycleRef, CycleSummary, GroupCycle } from '@tracker/bot';
import { currentAndNextAt, daysBetween } from '@tracker/shared/cycle-dates';
import { projectCycles } from '../cycles/cycle.repository.ts';
import { groupVisibleCondition, projectAccess, type Viewer } from '../projects/project-access.ts';
import { cycleCounts, memberCurrentCycles, projectCurrentCycle, projectShownTo, type CurrentCycleRow } from './bot-cycles.repository.ts';
import { chatLink } from './group-links.ts';

/** The project's current or next cycle as of `now`, each judged in its own zone; null when it has none or `viewer` may not see the project. */
export async function cycleOf(em: EntityManager, viewer: Viewer, projectId: number, which: 'current' | 'next', now = new Date()): Promise<CycleRef | null> {
  if (!(await projectAccess(em, viewer, projectId))) return null;
  const found = currentAndNextAt(await projectCycles(em, projectId), now)[which];
  return found && { id: found.id, number: found.number, name: found.name, startsOn: found.startsOn, endsOn: found.endsOn };
}

async function summaries(em: EntityManager, rows: CurrentCycleRow[]): Promise<CycleSummary[]> {
  const counts = await cycleCounts(em, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    name: r.name,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    projectKey: r.project_key,
    projectName: r.project_name,
    daysLeft: daysBetween(r.today, r.ends_on),
    ...(counts.get(r.id) ?? { scope: 0, completed: 0, inProgress: 0 }),
  }));
}

export async function currentCyclesOf(em: EntityManager, viewer: Viewer): Promise<CycleSummary[]> {
  return summaries(em, await memberCurrentCycles(em, viewer.id));
}

export async function groupCycle(em: EntityManager, chat: ChatRef): Promise<GroupCycle> {
  const projectId = (await chatLink(em, chat))?.project_id;
  if (!projectId) return { result: 'notLinked' };
  const project = await projectShownTo(em, projectId, groupVisibleCondition({ id: chat.chatId }, 'p'));
  if (!project) return { result: 'notLinked' };
  if (!project.shown) return { result: 'membersOnly' };
  const row = await projectCurrentCycle(em, projectId);
  if (!row) return { result: 'noCycle', projectName: project.name };
  const [cycle] = await summaries(em, [row]);
  return { result: 'cycle', cycle: cycle! };
}
