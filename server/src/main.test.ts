// The product as `npm start` runs it: a process on an embedded PostgreSQL, stopped with Ctrl-C
// and started again on the same data folder without losing anything.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import { waitUntil } from './test/wait-until.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracker-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(): Promise<{ child: ChildProcess; url: string; ms: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', WEB_DIST: '/nonexistent' },
    stdio: 'ignore',
  });
  await waitUntil('the server to answer /api/health', async () => {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}`);
    return fetch(`${url}/api/health`).then((r) => r.ok, () => false);
  }, { timeout: 60_000, interval: 100 });
  return { child, url, ms: performance.now() - started };
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) => new Promise<number | null>((resolve) => {
  child.once('exit', (code) => resolve(code));
  child.kill(signal);
});

describe('server process', () => {
  it('keeps data across Ctrl-C and a second start, and exits cleanly', async () => {
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
