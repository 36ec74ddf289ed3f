// The jobs that turn events into notices: a trigger on `activities` queues one activity job per
// relevant row in the writing transaction, an hourly cron scans for issues due tomorrow and today,
// a reminder job repeats a due notice an hour later ("remind me in an hour"), and a cron every
// minute sends the morning digests that are due. Each event's concern (concern.ts) goes to every
// channel in turn: the inbox, then Telegram when the bot runs. The first job names keep their first
// names (`telegram.*`): queued jobs and the cron's record of its last run carry them.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { JobQueue } from '../jobs/index.ts';
import { concernOf, dueConcerns, reminderConcern, type Concern } from './concern.ts';

export const ACTIVITY_JOB = 'telegram.activity';
export const DUE_SCAN_JOB = 'telegram.due-scan';
export const REMIND_JOB = 'telegram.due-remind';
export const DIGEST_SCAN_JOB = 'telegram.digest-scan';
// Hourly, once across replicas (graphile-worker's cron); an hour missed while no replica ran is made up on start.
export const DUE_SCAN_CRON = { identifier: DUE_SCAN_JOB, task: DUE_SCAN_JOB, match: '0 * * * *', backfillMs: 60 * 60 * 1000, maxAttempts: 3 };
// Every minute, so a digest comes at its minute; a missed tick needs no backfill, the next one finds every digest not yet sent today.
export const DIGEST_SCAN_CRON = { identifier: DIGEST_SCAN_JOB, task: DIGEST_SCAN_JOB, match: '* * * * *', maxAttempts: 3 };

/** A channel: acts on one concern inside the caller's transaction. */
export type ConcernChannel = (em: EntityManager, concern: Concern) => Promise<void>;
/** Sends the morning digests due at `now`; returns how many (the Telegram side, absent while the bot is off). */
export type DigestSender = (em: EntityManager, now: Date) => Promise<number>;

/**
 * Registers the jobs on the queue. An activity's channels commit one by one, in order, so a
 * Telegram outage does not hold the inbox back: the job's retry runs every channel again, so all
 * but the last must be idempotent (the inbox is: one item per user and activity).
 */
export function registerNotifications(deps: { jobs: JobQueue; orm: MikroORM; channels: ConcernChannel[]; digests?: DigestSender | null }) {
  const fork = () => deps.orm.em.fork() as EntityManager;

  async function onActivity(em: EntityManager, activityId: number): Promise<void> {
    const concern = await concernOf(em, activityId);
    if (!concern) return;
    for (const channel of deps.channels) await em.transactional((tem) => channel(tem, concern));
  }

  /** Announces issues due tomorrow and today as of `now`; returns how many were new. One transaction: a notice is recorded only with its delivery. */
  async function onDueScan(em: EntityManager, now = new Date()): Promise<number> {
    return em.transactional(async (tem) => {
      const concerns = await dueConcerns(tem, now);
      for (const concern of concerns) for (const channel of deps.channels) await channel(tem, concern);
      return concerns.length;
    });
  }

  async function onRemind(em: EntityManager, userId: number, issueId: number): Promise<void> {
    const concern = await reminderConcern(em, userId, issueId, new Date());
    if (concern) for (const channel of deps.channels) await em.transactional((tem) => channel(tem, concern));
  }

  const onDigestScan = async (em: EntityManager, now = new Date()): Promise<number> => (deps.digests ? deps.digests(em, now) : 0);

  deps.jobs.register(
    {
      [ACTIVITY_JOB]: async (payload) => onActivity(fork(), Number(payload.activityId)),
      [DUE_SCAN_JOB]: async () => void (await onDueScan(fork())),
      [REMIND_JOB]: async (payload) => onRemind(fork(), Number(payload.userId), Number(payload.issueId)),
      ...(deps.digests ? { [DIGEST_SCAN_JOB]: async () => void (await onDigestScan(fork())) } : {}),
    },
    deps.digests ? [DUE_SCAN_CRON, DIGEST_SCAN_CRON] : [DUE_SCAN_CRON],
  );
  return { onActivity, onDueScan, onDigestScan };
}

export type Notifications = ReturnType<typeof registerNotifications>;
