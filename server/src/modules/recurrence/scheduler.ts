// Schedule-mode series: a cron tick every minute (graphile-worker runs each tick once across
// replicas) creates the occurrences that are due. Each series is taken under `for update skip
// locked` in a transaction of its own, and the occurrence's (series, date) key is claimed in that
// transaction, so even two ticks running at once make each occurrence once.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { latestOccurrence, nextOccurrence, RuleTooCostly } from '@tracker/shared/recurrence/rule';
import type { Logger } from '../../logger.ts';
import type { JobQueue } from '../jobs/index.ts';
import { createOccurrence, type SeriesRow } from './occurrence.ts';
import { advanceScheduledSeries, bumpIssueVersion, lockDueSeries } from './recurrence.repository.ts';

export const RECURRENCE_TICK_JOB = 'recurrence.tick';
/** A tick missed while no replica ran needs no backfill: the next one finds every series still due. */
export const RECURRENCE_CRON = { identifier: RECURRENCE_TICK_JOB, task: RECURRENCE_TICK_JOB, match: '* * * * *', maxAttempts: 3 };
/** Series handled per tick at most (the rest wait for the next minute). */
const PER_TICK = 500;

/**
 * Creates the due occurrences as of `now`; returns how many issues were made. Dates missed while
 * no server ran are not made up one by one: only the latest one due is created (a daily series
 * after a week's outage gets one issue, not seven), and the series then waits for its next date.
 */
export async function runDueRecurrences(em: EntityManager, now = new Date(), logger?: Logger): Promise<number> {
  let created = 0;
  for (let i = 0; i < PER_TICK; i++) {
    const outcome = await em.transactional(async (tem) => {
      const series = await lockDueSeries(tem, now);
      if (!series) return { found: false, id: null };
      const dtstart = new Date(series.dtstart);
      const due = new Date(series.next_at!);
      const occursAt = latestOccurrence(series.rrule, dtstart, now, due) ?? due;
      let id: number | null = null;
      try {
        id = await tem.transactional((inner) => createOccurrence(inner, series, occursAt));
      } catch (err) {
        // The series moves on either way, so one broken copy is not retried every minute.
        logger?.error({ err, recurrenceId: series.id }, 'recurring issue not created');
      }
      await advanceScheduledSeries(tem, series.id, nextDate(series, dtstart, now, logger), occursAt);
      // The head's nextAt changed: a new version, so cached pages and lists are not served stale.
      await bumpIssueVersion(tem, series.issue_id);
      return { found: true, id };
    });
    if (!outcome.found) break;
    if (outcome.id !== null) created++;
  }
  return created;
}

/**
 * The series' next date, or null (the series ends) when its rule is too costly to compute: a rule
 * stored before DTSTART had a floor and a budget (bounded.ts) must not stall every tick.
 */
function nextDate(series: SeriesRow, dtstart: Date, now: Date, logger?: Logger): Date | null {
  try {
    return nextOccurrence(series.rrule, dtstart, now);
  } catch (err) {
    if (!(err instanceof RuleTooCostly)) throw err;
    logger?.warn({ recurrenceId: series.id, rrule: series.rrule }, 'recurring issue stopped: its rule is too costly to compute');
    return null;
  }
}

export function registerRecurrences(deps: { jobs: JobQueue; orm: MikroORM; logger: Logger }) {
  deps.jobs.register({ [RECURRENCE_TICK_JOB]: async () => void (await runDueRecurrences(deps.orm.em.fork() as EntityManager, new Date(), deps.logger)) }, [RECURRENCE_CRON]);
}
