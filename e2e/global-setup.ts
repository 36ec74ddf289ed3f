// End-to-end: build the web app, run the real product (`server/src/main.ts`) on a fresh embedded
// PostgreSQL, exactly as `npm start` does, and hand its URL to the browser tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../server/src/db/embedded.ts';
import { TEST_BOT_TOKEN } from '../server/src/test/telegram-signer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The product's DATA_DIR: mail outbox, SMS log, embedded PostgreSQL. */
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');
export const ADMIN_EMAIL = 'admin@e2e.test';
/** The bot the e2e server verifies Telegram data for (no Bot API calls: TELEGRAM_MODE=off). */
export const E2E_BOT_USERNAME = 'tracker_e2e_bot';

export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@tracker/miniapp'], { cwd: root, stdio: 'pipe', encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracker-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: 'warn', DATABASE_URL: '', TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: E2E_BOT_USERNAME, TELEGRAM_MODE: 'off' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
