// graphile-worker as the app uses it: two workers on one database, keys, retries, runAt, graceful stop.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createJobQueue, enqueue, PING_CHANNEL, PING_JOB, type CronTask, type JobHandler, type JobQueue, type PingNotice } from './index.ts';

let databaseUrl: string;
let db: pg.Pool;
let listener: pg.Client;
const pings: PingNotice[] = [];
const queues: JobQueue[] = [];
const logger = createLogger(process.env.JOBS_LOG ?? 'silent');

/** A worker of its own (as another process would have); stopped after each test. */
function worker(tasks: Record<string, JobHandler> = {}, options: { abortAfterMs?: number; forceAfterMs?: number; sweepEveryMs?: number; deadPoolGraceMs?: number; cron?: CronTask[] } = {}) {
  const { cron, ...rest } = options;
  const queue = createJobQueue({ databaseUrl, logger, pollInterval: 100, ...rest });
  queue.register(tasks, cron);
  queues.push(queue);
  return queue;
}
const jobsLeft = async (task: string) => (await db.query('select id, attempts, max_attempts, last_error, run_at, updated_at, locked_at from graphile_worker.jobs where task_identifier = $1', [task])).rows;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  // Executions are observed as the integrator's two-process test does: the ping job's NOTIFY.
  listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('notification', (n) => pings.push(JSON.parse(n.payload!) as PingNotice));
  await listener.query(`listen ${PING_CHANNEL}`);
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop()));
});
afterAll(async () => {
  await listener?.end();
  await db?.end();
});

describe('the job queue', () => {
  it('runs a job enqueued twice with the same key once, and every job once, with two workers', async () => {
    await enqueue(db, PING_JOB, { n: 'keyed' }, { jobKey: 'ping:keyed' });
    await enqueue(db, PING_JOB, { n: 'keyed' }, { jobKey: 'ping:keyed' });
    for (let i = 0; i < 20; i++) await enqueue(db, PING_JOB, { n: i });
    const [a, b] = [worker(), worker()];
    await Promise.all([a.start(), b.start()]);
    await waitUntil('all pings ran', async () => (await jobsLeft(PING_JOB)).length === 0 && pings.length >= 21, { state: () => pings.length });
    expect(pings.filter((p) => p.payload.n === 'keyed')).toHaveLength(1);
    const numbered = pings.map((p) => p.payload.n).filter((n) => typeof n === 'number');
    expect(numbered.sort((x, y) => Number(x) - Number(y))).toEqual([...Array(20).keys()]);
    // Without a key, the same payload twice is two jobs.
    await enqueue(db, PING_JOB, { n: 'twice' });
    await enqueue(db, PING_JOB, { n: 'twice' });
    await waitUntil('both unkeyed pings', () => pings.filter((p) => p.payload.n === 'twice').length === 2);
  });

  it('retries a failing job with exponential back-off and leaves it failed after its last attempt', async () => {
    let calls = 0;
    const queue = worker({ 'test.fail': async () => { calls += 1; throw new Error(`refused ${calls}`); } });
    await enqueue(db, 'test.fail', {}, { maxAttempts: 3 });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await queue.runDue()).toBe(1);
      const [job] = await jobsLeft('test.fail');
      expect(job).toMatchObject({ attempts: attempt, max_attempts: 3, last_error: `refused ${attempt}` });
      waits.push((job.run_at.getTime() - job.updated_at.getTime()) / 1000);
      // Not due again before its back-off: nothing runs now.
      expect(await queue.runDue()).toBe(0);
      // Time "passes": the job is made due now.
      await db.query('select graphile_worker.reschedule_jobs(array[$1::bigint], run_at => now())', [job.id]);
    }
    // e¹, e² s: each wait longer than the one before.
    expect(waits[0]).toBeCloseTo(Math.E, 0);
    expect(waits[1]).toBeCloseTo(Math.E ** 2, 0);
    // Failed for good: due, yet never taken again, and kept with its last error.
    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(3);
    expect(await jobsLeft('test.fail')).toMatchObject([{ attempts: 3, last_error: 'refused 3' }]);
  });

  it('runs a job given a runAt at that time, not before', async () => {
    const ranAt: number[] = [];
    const queue = worker({ 'test.later': async () => void ranAt.push(Date.now()) });
    await queue.start();
    const runAt = new Date(Date.now() + 800);
    await enqueue(db, 'test.later', {}, { runAt });
    await waitUntil('the scheduled job', () => ranAt.length === 1);
    expect(ranAt[0]).toBeGreaterThanOrEqual(runAt.getTime() - 20);
    expect(ranAt[0]! - runAt.getTime()).toBeLessThan(1500);
  });

  it('stops gracefully: takes no new job and waits for the running one', async () => {
    const order: string[] = [];
    const queue = worker(
      {
        'test.slow': async (_payload, helpers) => {
          order.push('started');
          // Still running when the stop's abort signal (after abortAfterMs) comes; then finishes.
          await new Promise((resolve) => helpers.abortSignal!.addEventListener('abort', resolve));
          await helpers.query('select 1');
          order.push('finished');
        },
      },
      { abortAfterMs: 300 },
    );
    await queue.start();
    await enqueue(db, 'test.slow', { n: 1 });
    await waitUntil('the slow job to start', () => order.includes('started'));
    let idleStopped = 0;
    queue.events.on('worker:stop', () => (idleStopped += 1));
    const stopped = queue.stop().then(() => order.push('stopped'));
    // The three idle workers (of four) stop at once; the busy one goes on with its job.
    await waitUntil('the idle workers to stop', () => idleStopped === 3);
    expect(order).toEqual(['started']);
    await enqueue(db, 'test.slow', { n: 2 });
    await stopped;
    expect(order).toEqual(['started', 'finished', 'stopped']);
    // The first completed; the one added during the stop waits, untouched, for the next worker.
    expect(await jobsLeft('test.slow')).toMatchObject([{ attempts: 0 }]);
  });

  it('releases a job that ignores the stop once its time is up, so the process can exit and another worker runs it', async () => {
    let started = false;
    const queue = worker({ 'test.stuck': () => { started = true; return new Promise(() => {}); } }, { abortAfterMs: 100, forceAfterMs: 300 });
    await queue.start();
    await enqueue(db, 'test.stuck', {});
    await waitUntil('the stuck job to start', () => started);
    await queue.stop();
    expect(await jobsLeft('test.stuck')).toMatchObject([{ attempts: 1, locked_at: null }]);
    let ranAgain = false;
    const next = worker({ 'test.stuck': async () => void (ranAgain = true) });
    expect(await next.runDue()).toBe(1);
    expect(ranAgain).toBe(true);
  });

  it('schedules each cron tick once however many workers run, backfilling the ticks missed while none ran', async () => {
    // The tick was last scheduled three minutes ago (every worker was down since).
    const { rows } = await db.query<{ minute: Date }>(`select date_trunc('minute', now()) as minute`);
    const minute = rows[0]!.minute.getTime();
    await db.query(
      `insert into graphile_worker._private_known_crontabs (identifier, known_since, last_execution) values ('test.tick', now() - interval '1 hour', $1::timestamptz - interval '3 minutes')`,
      [rows[0]!.minute],
    );
    const ticks: { ts: string; backfilled: boolean }[] = [];
    const tick: JobHandler = async (payload) => void ticks.push(payload._cron as { ts: string; backfilled: boolean });
    const cron: CronTask[] = [{ identifier: 'test.tick', task: 'test.tick', match: '* * * * *', backfillMs: 10 * 60_000 }];
    const [a, b] = [worker({ 'test.tick': tick }, { cron }), worker({ 'test.tick': tick }, { cron })];
    await Promise.all([a.start(), b.start()]);
    const missed = [minute - 120_000, minute - 60_000];
    await waitUntil('the missed ticks', () => missed.every((m) => ticks.some((t) => Date.parse(t.ts) === m)), { state: () => ticks });
    await waitUntil('no job left', async () => (await jobsLeft('test.tick')).length === 0);
    const times = ticks.map((t) => Date.parse(t.ts));
    expect(new Set(times).size).toBe(times.length);
    expect(ticks.filter((t) => missed.includes(Date.parse(t.ts))).every((t) => t.backfilled)).toBe(true);
  });

  it("frees the jobs of a worker pool that no longer runs, never those of another process's live pool", async () => {
    // Process A runs a long job: its pool holds the job, and its liveness lock.
    let finishHeld!: () => void;
    const heldRuns: number[] = [];
    const held: JobHandler = async () => {
      heldRuns.push(Date.now());
      await new Promise<void>((resolve) => (finishHeld = resolve));
    };
    const a = worker({ 'test.held': held });
    await a.start();
    await enqueue(db, 'test.held', {});
    await waitUntil('the long job to start', () => heldRuns.length === 1);
    const [{ locked_by: holderA }] = (await db.query(`select locked_by from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'test.held'`)).rows;
    expect(holderA).toMatch(/^pool-/);

    // A job taken by a pool of a process that died (kill -9): locked, and nobody holds its lock.
    await enqueue(db, 'test.orphan', {});
    await db.query(`update graphile_worker._private_jobs set locked_by = 'pool-of-a-dead-process', locked_at = now(), attempts = 1
      where task_id = (select id from graphile_worker._private_tasks where identifier = 'test.orphan')`);
    // Process B sweeps often, with a short grace.
    const orphanRuns: number[] = [];
    const b = worker({ 'test.held': held, 'test.orphan': async () => void orphanRuns.push(Date.now()) }, { sweepEveryMs: 50, deadPoolGraceMs: 400 });
    const bStarted = Date.now();
    await b.start();
    await waitUntil('the orphaned job to be freed and run', () => orphanRuns.length === 1, { timeout: 10_000 });
    // Not before it had been seen dead for the grace period.
    expect(orphanRuns[0]! - bStarted).toBeGreaterThanOrEqual(400);
    // B has seen A's job through as many sweeps: A's live pool keeps it.
    expect(heldRuns).toHaveLength(1);
    expect((await jobsLeft('test.held'))[0]).toMatchObject({ locked_at: expect.any(Date) });
    const [{ locked_by }] = (await db.query(`select locked_by from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'test.held'`)).rows;
    expect(locked_by).toBe(holderA);

    finishHeld();
    await waitUntil('the long job to complete', async () => (await jobsLeft('test.held')).length === 0);
    expect(heldRuns).toHaveLength(1);
    expect(await jobsLeft('test.orphan')).toEqual([]);
  });
});
