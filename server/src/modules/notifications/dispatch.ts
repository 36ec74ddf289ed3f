// The jobs that turn events into notices: a trigger on `activities` queues one activity job per
// relevant row in the writing transaction, and an hourly cron scans for issues due tomorrow. Each
// event's concern (concern.ts) goes to every channel in turn: the inbox, then Telegram when the bot
// runs. Both job names keep their first names (`telegram.*`): queued jobs and the cron's record of
// its last run carry them.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { JobQueue } from '../jobs/index.ts';
import { concernOf, dueTomorrowConcerns, type Concern } from './concern.ts';

export const ACTIVITY_JOB = 'telegram.activity';
export const DUE_SCAN_JOB = 'telegram.due-scan';
// Hourly, once across replicas (graphile-worker's cron); an hour missed while no replica ran is made up on start.
export const DUE_SCAN_CRON = { identifier: DUE_SCAN_JOB, task: DUE_SCAN_JOB, match: '0 * * * *', backfillMs: 60 * 60 * 1000, maxAttempts: 3 };

/** A channel: acts on one concern inside the caller's transaction. */
export type ConcernChannel = (em: EntityManager, concern: Concern) => Promise<void>;

/**
 * Registers both jobs on the queue. An activity's channels commit one by one, in order, so a
 * Telegram outage does not hold the inbox back: the job's retry runs every channel again, so all
 * but the last must be idempotent (the inbox is: one item per user and activity).
 */
export function registerNotifications(deps: { jobs: JobQueue; orm: MikroORM; channels: ConcernChannel[] }) {
  const fork = () => deps.orm.em.fork() as EntityManager;

  async function onActivity(em: EntityManager, activityId: number): Promise<void> {
    const concern = await concernOf(em, activityId);
    if (!concern) return;
    for (const channel of deps.channels) await em.transactional((tem) => channel(tem, concern));
  }

  /** Announces issues due tomorrow; returns how many were new. One transaction: a notice is recorded only with its delivery. */
  async function onDueScan(em: EntityManager): Promise<number> {
    return em.transactional(async (tem) => {
      const concerns = await dueTomorrowConcerns(tem);
      for (const concern of concerns) for (const channel of deps.channels) await channel(tem, concern);
      return concerns.length;
    });
  }

  deps.jobs.register(
    {
      [ACTIVITY_JOB]: async (payload) => onActivity(fork(), Number(payload.activityId)),
      [DUE_SCAN_JOB]: async () => void (await onDueScan(fork())),
    },
    [DUE_SCAN_CRON],
  );
  return { onActivity, onDueScan };
}

export type Notifications = ReturnType<typeof registerNotifications>;
