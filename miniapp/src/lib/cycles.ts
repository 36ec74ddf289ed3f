// How a cycle and a milestone are named on screen, and which cycles an issue may be put in. One place
// for the issue page, the create form, bulk edit, the cycle pages and My work.
import type { Cycle } from '@tracker/shared/api/cycles';
import { cycleState } from '@tracker/shared/cycle-dates';
import { addDays } from '@tracker/shared/dates';
import type { Locale } from '@tracker/shared/locales';
import type { TFunction } from 'i18next';
import { formatDayRange } from './dates.ts';

type CycleLike = Pick<Cycle, 'name' | 'number' | 'startsOn' | 'endsOn'>;

/** Its own name, or "Cycle 3". */
export const cycleTitle = (c: Pick<Cycle, 'name' | 'number'>, t: TFunction) => c.name || t('plan.cycle.numbered', { number: c.number });

/** Its days, the last one included ("23 Nov – 6 Dec 2026"). */
export const cycleDays = (c: Pick<Cycle, 'startsOn' | 'endsOn'>, locale: Locale) => formatDayRange(c.startsOn, addDays(c.endsOn, -1), locale, { day: 'numeric', month: 'short' });

export const cycleLabel = (c: CycleLike, t: TFunction, locale: Locale) => `${cycleTitle(c, t)} · ${cycleDays(c, locale)}`;

/** What an issue can be put in: the current and upcoming cycles (and the one it is in, whatever its state). */
export const pickableCycles = <C extends CycleLike & { id: number }>(cycles: readonly C[], today: string, currentId: number | null = null): C[] =>
  cycles.filter((c) => c.id === currentId || cycleState(c, today) !== 'past');
