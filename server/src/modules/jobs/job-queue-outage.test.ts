// PostgreSQL killed (kill -9) while a job runs: the job's completion cannot be written, graphile-worker
// ends its runner for good, and the queue must start a new one by itself once the database is back,
// free the interrupted job at once (not after graphile-worker's 4 hours) and run it exactly once more.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded.ts';
import { postmasterPid } from '../../db/postmaster-pid.ts';
import { createLogger } from '../../logger.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createJobQueue, enqueue, type JobQueue } from './index.ts';

// A PostgreSQL of its own, so killing it does not disturb other test files.
const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-jobs-kill-'));
let db: EmbeddedDatabase;
let queue: JobQueue | null = null;
const logger = createLogger(process.env.JOBS_LOG ?? 'silent');

beforeAll(async () => {
  // Durable: the test flags (synchronous_commit=off) would lose the job's own commit on the kill.
  db = await startEmbeddedPostgres(dir);
});
afterAll(async () => {
  await queue?.stop();
  await db.stop().catch(() => {});
  const lock = postmasterPid(path.join(dir, 'pg'));
  if (lock?.running) process.kill(lock.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const reachable = async () => {
  const client = new pg.Client({ connectionString: db.url });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const withClient = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

describe('the job queue when PostgreSQL is killed during a job', () => {
  it('starts its worker again after the outage, runs the next job at once and the interrupted one exactly once more', { timeout: 60_000 }, async () => {
    const runs: string[] = [];
    let finishFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (finishFirst = resolve));
    queue = createJobQueue({ databaseUrl: db.url, logger, pollInterval: 100 });
    queue.register({
      'test.interrupted': async () => {
        runs.push('interrupted');
        // The first run is under way when PostgreSQL dies, and ends while it is down.
        if (runs.filter((r) => r === 'interrupted').length === 1) await firstMayFinish;
      },
      'test.next': async () => void runs.push('next'),
    });
    await queue.start();
    expect(queue.state()).toEqual({ running: true, downSince: null });
    await withClient((c) => enqueue(c, 'test.interrupted', {}));
    await waitUntil('the job to start', () => runs.includes('interrupted'));

    // A backend outlives its killed postmaster until it notices: on a busy machine one could still
    // write the job's completion, and the job would not have been interrupted at all.
    const backends = await withClient(async (c) => (await c.query<{ pid: number }>('select pid from pg_stat_activity')).rows.map((r) => r.pid));
    const postmaster = postmasterPid(path.join(dir, 'pg'))!;
    process.kill(postmaster.pid, 'SIGKILL');
    await waitUntil('PostgreSQL to be gone', async () => !(await reachable()), { timeout: 15_000, interval: 50 });
    await waitUntil('its backends to end', () => backends.every((pid) => !alive(pid)), { timeout: 15_000, interval: 50 });
    finishFirst();
    // Its completion cannot be written: graphile-worker shuts the worker pool and its runner down.
    await waitUntil('the worker to stop', () => !queue!.state().running, { timeout: 15_000, state: () => queue!.state() });
    expect(queue.state().downSince).toEqual(expect.any(Number));

    // Started again by hand (orphaned backends may make the first attempts fail).
    await waitUntil('PostgreSQL to start again', () => db.start().then(() => true, () => false), { timeout: 20_000, interval: 200 });
    await waitUntil('PostgreSQL to answer', reachable, { timeout: 15_000 });
    const recoveredAt = Date.now();
    await withClient((c) => enqueue(c, 'test.next', {}));
    await waitUntil('the next job to run', () => runs.includes('next'), { timeout: 10_000, interval: 20, state: () => ({ runs, state: queue!.state() }) });
    expect(Date.now() - recoveredAt).toBeLessThan(10_000);
    expect(queue.state().running).toBe(true);

    // The interrupted job was freed when the new worker started, and ran again to completion.
    await waitUntil('the interrupted job to run again', () => runs.filter((r) => r === 'interrupted').length === 2, { timeout: 10_000, state: () => runs });
    await waitUntil('the interrupted job to be done', async () => (await withClient((c) => c.query(`select 1 from graphile_worker.jobs where task_identifier = 'test.interrupted'`))).rowCount === 0);
    // Completed jobs leave the table: it cannot run a third time.
    expect(runs.filter((r) => r === 'interrupted')).toHaveLength(2);
  });
});
