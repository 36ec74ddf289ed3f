// A project's cycles as the screens name and pick them (issue 29): its own name or "Cycle 12", the
// current or next one at an instant (each judged on the day it is in its own zone, as the server
// judges it: shared/src/cycle-dates.ts), and the days it has left.
import type { Cycle } from '@tracker/shared/api/cycles';
import { currentAndNextAt, daysBetween } from '@tracker/shared/cycle-dates';
import { todayIn } from '@tracker/shared/dates';
import type { TFunction } from 'i18next';

export type CycleChoice = 'current' | 'next';

export const cycleName = (t: TFunction, c: Pick<Cycle, 'name' | 'number'>): string => c.name ?? t('common.cycle.numbered', { number: c.number });

/** The project's current or next cycle among `cycles` (of any projects), at `now`; null when it has none. */
export function projectCycle<C extends Cycle>(cycles: readonly C[], projectId: number, which: CycleChoice, now = new Date()): C | null {
  return currentAndNextAt(cycles.filter((c) => c.projectId === projectId), now)[which];
}

/** Days left, today (in the cycle's zone) included: 1 on its last day. */
export const cycleDaysLeft = (c: Pick<Cycle, 'endsOn' | 'timeZone'>, now = new Date()): number => daysBetween(todayIn(c.timeZone, now), c.endsOn);
