// A project's cycles as the screens name and pick them (issue 29): its own name or "Cycle 12", its
// days, the cycles an issue may be put in, the current or next one at an instant (each judged on the
// day it is in its own zone, as the server judges it: shared/src/cycle-dates.ts), and the days it
// has left. One place for the issue page, the forms, bulk edit, the palette, the cycle pages and My work.
import type { Cycle } from '@tracker/shared/api/cycles';
import { currentAndNextAt, cycleState, daysBetween } from '@tracker/shared/cycle-dates';
import { addDays, todayIn } from '@tracker/shared/dates';
import type { Locale } from '@tracker/shared/locales';
import type { TFunction } from 'i18next';
import { formatDayRange } from './dates.ts';

type CycleLike = Pick<Cycle, 'name' | 'number' | 'startsOn' | 'endsOn' | 'timeZone'>;
export type CycleChoice = 'current' | 'next';

/** Its own name, or "Cycle 3". */
export const cycleTitle = (c: Pick<Cycle, 'name' | 'number'>, t: TFunction) => c.name || t('plan.cycle.numbered', { number: c.number });

/** Its days, the last one included ("23 Nov – 6 Dec 2026"). */
export const cycleDays = (c: Pick<Cycle, 'startsOn' | 'endsOn'>, locale: Locale) => formatDayRange(c.startsOn, addDays(c.endsOn, -1), locale, { day: 'numeric', month: 'short' });

export const cycleLabel = (c: CycleLike, t: TFunction, locale: Locale) => `${cycleTitle(c, t)} · ${cycleDays(c, locale)}`;

/** Past, current or upcoming at `now`, on the day it is in the cycle's own zone (not the viewer's). */
export const cycleStateAt = (c: Pick<Cycle, 'startsOn' | 'endsOn' | 'timeZone'>, now = new Date()) => cycleState(c, todayIn(c.timeZone, now));

/** What an issue can be put in: the current and upcoming cycles (and the one it is in, whatever its state). */
export const pickableCycles = <C extends CycleLike & { id: number }>(cycles: readonly C[], currentId: number | null = null, now = new Date()): C[] =>
  cycles.filter((c) => c.id === currentId || cycleStateAt(c, now) !== 'past');

/** The project's current or next cycle among `cycles` (of any projects), at `now`; null when it has none. */
export function projectCycle<C extends Cycle>(cycles: readonly C[], projectId: number, which: CycleChoice, now = new Date()): C | null {
  return currentAndNextAt(cycles.filter((c) => c.projectId === projectId), now)[which];
}

/** Days left, today (in the cycle's zone) included: 1 on its last day. */
export const cycleDaysLeft = (c: Pick<Cycle, 'endsOn' | 'timeZone'>, now = new Date()): number => daysBetween(todayIn(c.timeZone, now), c.endsOn);
