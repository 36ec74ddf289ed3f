// The cycles' clock (issue 29): a cron tick (graphile-worker runs each once across replicas) makes
// the cadences' upcoming cycles and rolls the unfinished issues of each ended cycle into the next
// one, each cycle in a transaction of its own, locked with SKIP LOCKED so two ticks never move one
// cycle twice. The move is recorded in each issue's history with no actor.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { CYCLES_AHEAD } from '@tracker/shared/api/cycles';
import type { Logger } from '../../logger.ts';
import { recordActivities } from '../activity/activity.ts';
import type { JobQueue } from '../jobs/index.ts';
import { ensureCycles } from './cycle.service.ts';
import { cycleStartingFrom, lockEndedCycle, markRolledOver, moveIssuesToCycle, projectsShortOfCycles, unfinishedIssues } from './cycle.repository.ts';

export const CYCLES_TICK_JOB = 'cycles.tick';
/** Every 10 minutes: a cycle ends at midnight in its zone, and zones differ by quarter hours at most. */
export const CYCLES_CRON = { identifier: CYCLES_TICK_JOB, task: CYCLES_TICK_JOB, match: '*/10 * * * *', maxAttempts: 3 };
/** Cycles rolled over per tick at most (the rest wait for the next one). */
const PER_TICK = 200;

/** Makes missing upcoming cycles, then rolls ended ones over; returns how many cycles rolled over. */
export async function runCycleTick(em: EntityManager, now = new Date(), logger?: Logger): Promise<number> {
  for (const projectId of await projectsShortOfCycles(em, CYCLES_AHEAD + 1)) {
    await em.transactional((tx) => ensureCycles(tx, projectId, now)).catch((err: unknown) => logger?.error({ err, projectId }, 'upcoming cycles not made'));
  }
  let rolled = 0;
  for (let i = 0; i < PER_TICK; i++) {
    const done = await em.transactional(async (tx) => {
      const cycle = await lockEndedCycle(tx);
      if (!cycle) return false;
      // The next cycle may not be made yet when the cadence was set just now.
      await ensureCycles(tx, cycle.projectId, now);
      const next = await cycleStartingFrom(tx, cycle.projectId, cycle.endsOn);
      if (next) {
        const issueIds = await unfinishedIssues(tx, cycle.id);
        await moveIssuesToCycle(tx, issueIds, next.id);
        await recordActivities(
          tx,
          issueIds.map((issueId) => ({ projectId: cycle.projectId, issueId, actorId: null, action: 'updated', field: 'cycleId', oldValue: cycle.id, newValue: next.id })),
        );
      }
      await markRolledOver(tx, cycle.id);
      return true;
    });
    if (!done) break;
    rolled++;
  }
  return rolled;
}

export function registerCycles(deps: { jobs: JobQueue; orm: MikroORM; logger: Logger }) {
  deps.jobs.register({ [CYCLES_TICK_JOB]: async () => void (await runCycleTick(deps.orm.em.fork() as EntityManager, new Date(), deps.logger)) }, [CYCLES_CRON]);
}
