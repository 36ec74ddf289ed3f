import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded.ts';
import { createOrm, migrate, type Orm } from '../../db/orm.ts';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import pg from 'pg';
import { waitUntil } from '../../test/wait-until.ts';
import { enqueue, PING_JOB } from '../jobs/index.ts';

// A PostgreSQL of its own, so stopping it does not disturb other test files.
let db: EmbeddedDatabase;
let orm: Orm;
let url: string;
let close: () => Promise<void>;
let app: ReturnType<typeof createApp>;
const logLines: { level: number; msg: string }[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-health-'));

beforeAll(async () => {
  db = await startEmbeddedPostgres(dir, { throwaway: true });
  orm = await createOrm(db.url, { poolMax: 2 });
  await migrate(orm);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, SESSION_SECRET: 'x'.repeat(32), DATA_DIR: dir, WEB_DIST: '/nonexistent' });
  // The app's log, to count the lines an outage writes.
  const sink = new Writable({ write: (chunk, _enc, done) => (logLines.push(JSON.parse(String(chunk))), done()) });
  app = createApp({ config, orm, logger: pino({ level: 'info' }, sink) });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await app.services.jobs.stop();
  };
});

afterAll(async () => {
  await close();
  await orm.close(true);
  await db.stop().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

const health = async () => {
  const res = await fetch(`${url}/api/health`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const login = () =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
  });


describe('GET /api/health', () => {
  it('is ok, turns 503 while the database is down, and recovers when it is back', async () => {
    // The app starts its job worker without waiting for it: down until it runs.
    await waitUntil('the job worker to run', async () => (await health()).body.jobs === 'ok');
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', db: 'ok', jobs: 'ok', jobsWaitSec: 0 } });

    await db.stop();
    const down = await fetch(`${url}/api/health`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('2');
    expect(await down.json()).toMatchObject({ statusCode: 503, data: { code: 'service_unavailable' }, status: 'degraded', db: 'down', jobsWaitSec: null });

    // A database given by URL (no supervisor here): API calls answer 503 + Retry-After, never 500.
    for (let i = 0; i < 5; i++) {
      const res = await login();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toMatchObject({ statusCode: 503, data: { code: 'service_unavailable', retryAfter: 2 } });
    }
    // One warning for the outage, no stack per request.
    expect(logLines.filter((l) => l.msg === 'database unavailable; answering 503 until it is back')).toHaveLength(1);
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);

    await db.start();
    await waitUntil('the database to be back (it restarts at its own pace)', async () => (await health()).status === 200, { timeout: 15_000, interval: 100 });
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', db: 'ok', jobsWaitSec: 0 } });
    // The pool reconnects by itself: the same call now reaches the database.
    await waitUntil('the pool to reconnect', async () => (await login()).status !== 503, { timeout: 15_000, interval: 100 });
    expect((await login()).status).toBe(401);

    // The job worker (whether it had started before the outage or was starting during it) works
    // again without a restart: a job added now runs.
    const ran: string[] = [];
    app.services.jobs.events.on('job:success', ({ job }) => void ran.push(job.task_identifier));
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await enqueue(client, PING_JOB, { after: 'outage' });
    } finally {
      await client.end();
    }
    await waitUntil('the job worker to run a job after the outage', () => ran.includes(PING_JOB), { timeout: 45_000, interval: 100 });
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
  }, 90_000);
});
