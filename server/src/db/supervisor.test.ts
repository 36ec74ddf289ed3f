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
async function startServer() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // NODE_ENV=development: the test-only PostgreSQL flags (synchronous_commit=off) would lose
  // acknowledged commits on a kill, which is exactly what this test must not see.
  const server = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json', DATABASE_URL: '', WEB_DIST: '/nonexistent' },
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

describe('embedded PostgreSQL killed with kill -9', () => {
  it('answers 503 + Retry-After while down, restarts it, and loses no acknowledged write', { timeout: 120_000 }, async () => {
    const { server, url, health, messages, terminate } = await startServer();

    const reg = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'load@example.com', password: 'correct horse battery', name: 'Load' }),
    });
    expect(reg.status).toBe(201);
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
    const postmaster = lockFile()!;
    expect(postmaster.running).toBe(true);
    process.kill(postmaster.pid, 'SIGKILL');
    await until('503s during the outage', () => answers.some((a) => a.status === 503), 20_000, counts);
    await until('the database to be restarted', async () => lockFile()?.pid !== postmaster.pid && (await health()) === 200, 20_000, counts);
    const recoveredAt = Date.now();
    await until('writes after recovery', () => acked().filter((a) => a.at > recoveredAt).length >= 10, 20_000, counts);
    writing = false;
    await Promise.all(writers);

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
