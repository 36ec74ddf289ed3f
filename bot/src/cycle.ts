// `/cycle` (issue 29): a current cycle in a few lines — its name and days, a text progress bar, the
// counts — with a button that opens the cycle page in the mini app. Pure, so it is unit-tested.
import { InlineKeyboard } from 'grammy';
import { addDays } from '@tracker/shared/dates';
import { escapeHtml } from '@tracker/shared/html';
import type { Locale } from '@tracker/shared/locales';
import type { CycleRef, CycleSummary } from './backend.ts';
import { formatDate } from './dates.ts';
import { t } from './i18n.ts';

/** Cycles one private `/cycle` lists; the rest are counted. */
export const CYCLES_SHOWN = 5;
const BAR_WIDTH = 10;

/** The mini app opened on the cycle page (Telegram's direct link; the app's deep link reads `cycle_<id>`). */
export const cycleLink = (botUsername: string, cycleId: number) => `https://t.me/${botUsername}?startapp=cycle_${cycleId}`;

/** Its own name, else "Cycle 12". */
export const cycleName = (locale: Locale, c: Pick<CycleRef, 'name' | 'number'>) => c.name ?? t(locale, 'cycle.numbered', { number: c.number });

/** "23 Nov – 6 Dec": the first and the last day (`endsOn` is the day after). */
export const cycleDays = (locale: Locale, c: Pick<CycleRef, 'startsOn' | 'endsOn'>) => `${formatDate(c.startsOn, locale)} – ${formatDate(addDays(c.endsOn, -1), locale)}`;

/** `done` of `total` as a bar of BAR_WIDTH cells and a percentage: "██████░░░░ 60%". */
export function progressBar(done: number, total: number): string {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const filled = Math.round(share * BAR_WIDTH);
  return `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)} ${Math.round(share * 100)}%`;
}

/** One cycle as HTML: project and name, days, the bar, the counts. */
export function formatCycle(locale: Locale, c: CycleSummary): string {
  const lines = [
    `<b>${escapeHtml(c.projectName)} · ${escapeHtml(cycleName(locale, c))}</b>`,
    `${cycleDays(locale, c)} · ${t(locale, 'cycle.daysLeft', { count: c.daysLeft })}`,
  ];
  if (!c.scope) return [...lines, t(locale, 'cycle.empty')].join('\n');
  return [...lines, progressBar(c.completed, c.scope), t(locale, 'cycle.counts', { count: c.scope, completed: c.completed, inProgress: c.inProgress })].join('\n');
}

/** Several projects' current cycles: the first CYCLES_SHOWN, and how many more. */
export function formatCycles(locale: Locale, cycles: readonly CycleSummary[]): string {
  const shown = cycles.slice(0, CYCLES_SHOWN).map((c) => formatCycle(locale, c));
  const more = cycles.length > CYCLES_SHOWN ? [t(locale, 'cycle.more', { count: cycles.length - CYCLES_SHOWN })] : [];
  return [...shown, ...more].join('\n\n');
}

/** A button per cycle shown, opening its page in the mini app. */
export function cycleKeyboard(locale: Locale, botUsername: string, cycles: readonly CycleSummary[]): InlineKeyboard {
  const shown = cycles.slice(0, CYCLES_SHOWN);
  const label = (c: CycleSummary) => (shown.length > 1 ? t(locale, 'cycle.openOf', { project: c.projectKey, name: cycleName(locale, c) }) : t(locale, 'cycle.open'));
  return InlineKeyboard.from(shown.map((c) => [InlineKeyboard.url(label(c), cycleLink(botUsername, c.id))]));
}
