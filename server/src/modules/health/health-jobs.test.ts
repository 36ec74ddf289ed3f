// /api/health reports the job queue: this process's worker, and how long the oldest due job has
// waited; either past JOBS_STALL_SEC turns the answer into 503 (except for `scope=web`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ JOBS_STALL_SEC: '1' });
});
afterAll(async () => {
  await t.close();
});

const health = async (query = '') => {
  const res = await fetch(`${t.url}/api/health${query}`);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
};

describe('GET /api/health and the job queue', () => {
  it('answers 503 while a due job has waited longer than the limit', async () => {
    expect(await health()).toEqual({ status: 200, retryAfter: null, body: { status: 'ok', db: 'ok', jobs: 'ok', jobsWaitSec: 0 } });
    // Due 5 s ago, of a task no worker here knows: it waits.
    await t.sql(`select graphile_worker.add_job('test.nobody', '{}'::json, run_at => now() - interval '5 seconds')`);
    const stalled = await health();
    expect(stalled).toMatchObject({ status: 503, retryAfter: null, body: { statusCode: 503, data: { code: 'service_unavailable' }, status: 'degraded', db: 'ok', jobs: 'ok' } });
    expect(stalled.body.jobsWaitSec).toBeGreaterThanOrEqual(5);
    // A load balancer asks only whether this replica serves requests.
    expect(await health('?scope=web')).toMatchObject({ status: 200, body: { status: 'ok', jobs: 'ok', jobsWaitSec: stalled.body.jobsWaitSec } });
    // Waiting for a later run time is not waiting.
    await t.sql(`update graphile_worker._private_jobs set run_at = now() + interval '1 hour'`);
    expect(await health()).toMatchObject({ status: 200, body: { jobsWaitSec: 0 } });
    expect((await health('?scope=everything')).status).toBe(400);
  });

  it('reports the worker down at once, and answers 503 once it has been down longer than the limit', async () => {
    const jobs = t.app.services.jobs;
    await jobs.stop();
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', jobs: 'down' } });
    await waitUntil('the limit to pass', async () => (await health()).status === 503, { interval: 100, timeout: 5000 });
    expect(await health()).toMatchObject({ status: 503, body: { status: 'degraded', db: 'ok', jobs: 'down', statusMessage: 'Job queue stalled' } });
    await jobs.start();
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', jobs: 'ok' } });
  });
});
