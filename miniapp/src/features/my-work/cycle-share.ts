// My work's "my share of the current cycle" (issue 29): per project in a cycle now, the issues of
// that cycle assigned to me and how many of them are completed — from the store, in one pass over
// its issues. A project whose issues the store does not hold (evicted for size) is left out rather
// than counted short.
import type { Cycle } from '@tracker/shared/api/cycles';
import type { IssueListItem } from '@tracker/shared/api/issues';
import { cycleDaysLeft, projectCycle } from '../../lib/cycles.ts';

export interface CycleShare {
  cycle: Cycle;
  project: { id: number; key: string; name: string };
  /** My issues in the cycle, and those completed. */
  mine: number;
  done: number;
  daysLeft: number;
}

interface Data {
  projects: Readonly<Record<number, { id: number; key: string; name: string; archivedAt: string | null }>>;
  cycles: Readonly<Record<number, Cycle>>;
  issues: Readonly<Record<number, Pick<IssueListItem, 'cycleId' | 'assignee' | 'completedAt'>>>;
  evicted: Readonly<Record<number, true>>;
}

/** The shares, by project name; only cycles where I have an issue. */
export function cycleShares(data: Data, me: number, now = new Date()): CycleShare[] {
  const cycles = Object.values(data.cycles);
  const shares = new Map<number, CycleShare>();
  for (const project of Object.values(data.projects)) {
    if (project.archivedAt || data.evicted[project.id]) continue;
    const cycle = projectCycle(cycles, project.id, 'current', now);
    if (cycle) shares.set(cycle.id, { cycle, project: { id: project.id, key: project.key, name: project.name }, mine: 0, done: 0, daysLeft: cycleDaysLeft(cycle, now) });
  }
  if (!shares.size) return [];
  for (const issue of Object.values(data.issues)) {
    const share = issue.cycleId === null ? undefined : shares.get(issue.cycleId);
    if (!share || issue.assignee?.id !== me) continue;
    share.mine += 1;
    if (issue.completedAt) share.done += 1;
  }
  return [...shares.values()].filter((s) => s.mine > 0).sort((a, b) => a.project.name.localeCompare(b.project.name) || a.project.id - b.project.id);
}
