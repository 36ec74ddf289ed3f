// The product as `npm start` runs it: a process on an embedded PostgreSQL, stopped with Ctrl-C
// and started again on the same data folder without losing anything.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from './test/wait-until.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracker-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  // PORT=0: the server binds a free port and says which, so no other test can take it in between.
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json', DATABASE_URL: '', WEB_DIST: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let port: number | null = null;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    output.push(line);
    const entry = (() => { try { return JSON.parse(line) as { msg?: string; port?: number }; } catch { return null; } })();
    if (entry?.msg === 'Tracker is ready') port = entry.port ?? null;
  });
  createInterface({ input: child.stderr! }).on('line', (line) => output.push(line));
  const url = await waitUntil('the server to say it is ready', () => {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${output.slice(-10).join('\n')}`);
    return port === null ? null : `http://127.0.0.1:${port}`;
  }, { timeout: 60_000, interval: 100 });
  expect((await fetch(`${url}/api/health`)).ok).toBe(true);
  return { child, url };
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) => new Promise<number | null>((resolve) => {
  child.once('exit', (code) => resolve(code));
  child.kill(signal);
});

// Two starts, each allowed the minute startServer waits for: a first start creates the database
// cluster and runs every migration, which took 25 s on a slow CI machine.
const TWO_STARTS_MS = 150_000;

describe('server process', () => {
  it('keeps data across Ctrl-C and a second start, and exits cleanly', { timeout: TWO_STARTS_MS }, async () => {
    const first = await startServer();
    const reg = await fetch(`${first.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'persist@example.com', password: 'persist-me-7-times', name: 'P' }),
    });
    expect(reg.status).toBe(201);
    expect(await stop(first.child, 'SIGINT')).toBe(0);

    const second = await startServer();
    const login = await fetch(`${second.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'persist@example.com', password: 'persist-me-7-times' }),
    });
    expect(login.status).toBe(200);
    expect(await stop(second.child, 'SIGTERM')).toBe(0);
  });
});
