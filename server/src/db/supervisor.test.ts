// `kill -9` of the embedded PostgreSQL under a write load: the server keeps running, answers 503
// with Retry-After (never 500) while the database is down, restarts it, and every write it
// acknowledged is there afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './embedded.ts';
import { postmasterPid } from './postmaster-pid.ts';
import { startSmtpServer } from '../test/smtp.ts';
import { waitUntil } from '../test/wait-until.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracker-dbkill-'));
let child: ChildProcess | null = null;
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
  // A postmaster left by a failed run must not outlive the test.
  const lock = postmasterPid(path.join(dataDir, 'pg'));
  if (lock?.running) process.kill(lock.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const until = (what: string, check: () => boolean | Promise<boolean>, timeout = 20_000, state?: () => unknown) => waitUntil(what, check, { timeout, interval: 20, state });

interface Answer {
  title: string;
  status: number;
  retryAfter: string | null;
  code?: string;
  at: number;
}

const lockFile = () => postmasterPid(path.join(dataDir, 'pg'));

/** `npm start`'s server on the test's data folder, its JSON log lines collected. */
async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // NODE_ENV=development: the test-only PostgreSQL flags (synchronous_commit=off) would lose
  // acknowledged commits on a kill, which is exactly what this test must not see.
  const server = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json', DATABASE_URL: '', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = server;
  const logs: { level: number; msg: string }[] = [];
  let stderr = '';
  let pending = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.trim()) logs.push(JSON.parse(line));
  });
  server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const health = () => fetch(`${url}/api/health`).then((r) => r.status, () => 0);
  await until('the server to start', async () => {
    if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}: ${stderr}`);
    return (await health()) === 200;
  }, 40_000);
  const messages = () => logs.map((l) => l.msg);
  const terminate = async () => {
    server.kill('SIGTERM');
    await until('the server to exit', () => server.exitCode !== null);
    return server.exitCode;
  };
  return { server, url, health, messages, terminate, stderr: () => stderr };
}

interface HealthSample {
  at: number;
  status: number;
  db?: string;
  jobs?: string;
}

/** /api/health asked every 50 ms until `stop`. */
function sampleHealth(url: string) {
  const samples: HealthSample[] = [];
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      const at = Date.now();
      const sample: HealthSample = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
        async (r) => ({ ...((await r.json()) as { db?: string; jobs?: string }), at, status: r.status }),
        () => ({ at, status: 0 }),
      );
      samples.push({ at, status: sample.status, db: sample.db, jobs: sample.jobs });
      await until('the next sample', () => !sampling || Date.now() - at >= 50);
    }
  })();
  return {
    samples,
    async stop() {
      sampling = false;
      await loop;
    },
  };
}

describe('embedded PostgreSQL killed with kill -9', () => {
  it('answers 503 + Retry-After while down, restarts it, loses no acknowledged write, and its job queue works on', { timeout: 120_000 }, async () => {
    // The sign-up's confirmation mail is being sent (SMTP holds it) when PostgreSQL dies.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const smtp = await startSmtpServer(0, {
      hold: async (to) => {
        if (!to.includes('load@example.com')) return;
        holding = true;
        await released;
      },
    });
    const { server, url, health, messages, terminate } = await startServer({ SMTP_URL: smtp.url });
    const sampler = sampleHealth(url);
    try {
      await underLoad();
    } finally {
      release();
      await sampler.stop();
      await smtp.close();
    }

    async function underLoad() {

      const reg = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'load@example.com', password: 'correct horse battery', name: 'Load' }),
      });
      expect(reg.status).toBe(201);
      await until('the confirmation mail to be under way', () => holding);
      const cookie = reg.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const headers = { 'content-type': 'application/json', cookie };
      const project = await fetch(`${url}/api/projects`, { method: 'POST', headers, body: JSON.stringify({ key: 'KILL', name: 'Kill' }) });
      expect(project.status).toBe(201);
      const projectId = ((await project.json()) as { project: { id: number } }).project.id;

      const answers: Answer[] = [];
      let writing = true;
      const writer = async (w: number) => {
        for (let n = 0; writing; n++) {
          const title = `w${w}-${n}`;
          try {
            // A hung request (a starved pool) fails the test instead of hanging it.
            const res = await fetch(`${url}/api/issues`, { method: 'POST', headers, body: JSON.stringify({ projectId, title }), signal: AbortSignal.timeout(15_000) });
            const body = (await res.json()) as { statusCode?: number; data?: { code?: string } };
            answers.push({ title, status: res.status, retryAfter: res.headers.get('retry-after'), code: body.data?.code, at: Date.now() });
          } catch (err) {
            answers.push({ title, status: 0, retryAfter: null, code: String(err), at: Date.now() });
          }
        }
      };
      const writers = Array.from({ length: 4 }, (_, w) => writer(w));
      const acked = () => answers.filter((a) => a.status === 201);
      const counts = () => {
        const byKind: Record<string, number> = {};
        for (const a of answers) byKind[`${a.status} ${a.code ?? ''}`.trim()] = (byKind[`${a.status} ${a.code ?? ''}`.trim()] ?? 0) + 1;
        return byKind;
      };

      await until('writes before the kill', () => acked().length >= 10, 20_000, counts);
      const { samples } = sampler;
      await until('health to report the queue running', () => samples.some((x) => x.status === 200 && x.jobs === 'ok'));
      const postmaster = lockFile()!;
      expect(postmaster.running).toBe(true);
      const killedAt = Date.now();
      process.kill(postmaster.pid, 'SIGKILL');
      await until('503s during the outage', () => answers.some((a) => a.status === 503), 20_000, counts);
      // The mail job ends while PostgreSQL is down or restarting: its completion may not be written,
      // which ended graphile-worker's runner for good before the queue restarted it.
      release();
      await until('the database to be restarted', async () => lockFile()?.pid !== postmaster.pid && (await health()) === 200, 20_000, counts);
      const recoveredAt = Date.now();
      await until('writes after recovery', () => acked().filter((a) => a.at > recoveredAt).length >= 10, 20_000, counts);
      writing = false;
      await Promise.all(writers);

      // A confirmation mail asked for after the recovery arrives within 30 s.
      const register = (email: string) =>
        fetch(`${url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'correct horse battery', name: 'After' }) });
      await until('a sign-up after the recovery', async () => (await register('after@example.com')).status === 201);
      expect((await smtp.waitFor('after@example.com', 1, 30_000)).decoded).toContain('/confirm');
      expect(Date.now() - recoveredAt).toBeLessThan(30_000);
      await until('health to report the queue running again', () => samples.at(-1)?.status === 200 && samples.at(-1)?.jobs === 'ok');
      await sampler.stop();
      // Health answered throughout, with the queue's state in every answer: ok before the kill, 503
      // with the database down during the outage, ok again after it.
      expect(samples.filter((x) => x.status === 0)).toEqual([]);
      expect(samples.every((x) => x.jobs === 'ok' || x.jobs === 'down')).toBe(true);
      expect(samples.some((x) => x.at > killedAt && x.at < recoveredAt && x.status === 503 && x.db === 'down')).toBe(true);
      expect(samples.some((x) => x.at >= recoveredAt && x.status === 200 && x.db === 'ok' && x.jobs === 'ok')).toBe(true);

      // Never a 500: acknowledged or "come back later".
      expect(Object.keys(counts()).sort()).toEqual(['201', '503 service_unavailable']);
      for (const a of answers.filter((x) => x.status === 503)) expect(a).toMatchObject({ retryAfter: '2', code: 'service_unavailable' });

      // Every acknowledged write is in the database (a 503'd one may be too: it can fail after its commit).
      const lock = lockFile()!;
      const db = new pg.Client({ connectionString: `postgres://tracker:tracker@127.0.0.1:${lock.port}/tracker` });
      await db.connect();
      const { rows } = await db.query<{ title: string }>('select title from issues where project_id = $1', [projectId]);
      await db.end();
      const stored = new Set(rows.map((r) => r.title));
      expect(acked().filter((a) => !stored.has(a.title))).toEqual([]);

      // The same process recovered; the outage was logged once, with no stack per request.
      expect(server.exitCode).toBeNull();
      expect(messages().filter((m) => m === 'database unavailable; answering 503 until it is back')).toHaveLength(1);
      expect(messages()).toContain('embedded PostgreSQL restarted');
      expect(messages().filter((m) => m === 'unhandled error')).toEqual([]);

      // SIGTERM after the recovery still stops node and the PostgreSQL it restarted.
      expect(await terminate()).toBe(0);
      expect(lockFile()?.running ?? false).toBe(false);
    }
  });

  it('exits cleanly on SIGTERM during the outage, without restarting PostgreSQL behind itself', { timeout: 120_000 }, async () => {
    // The same data folder: the kill above left a clean shutdown, this start is quick.
    const { url, health, messages, terminate } = await startServer();
    const postmaster = lockFile()!;
    process.kill(postmaster.pid, 'SIGKILL');
    await until('the outage', async () => (await health()) === 503);
    const during = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'load@example.com', password: 'correct horse battery' }),
    });
    expect(during.status).toBe(503);

    expect(await terminate()).toBe(0);
    // Whether or not a restart had begun, no postmaster outlives the server.
    const after = lockFile();
    expect(after?.running ?? false).toBe(false);
    expect(messages()).toContain('stopped');
    expect(messages().filter((m) => m === 'unhandled error')).toEqual([]);
  });
});
