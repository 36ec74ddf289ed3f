// End-to-end: build the web app, run the real product (`server/src/main.ts`) on a fresh embedded
// PostgreSQL, exactly as `npm start` does, and hand its URL to the browser tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './chromium.ts';
import { freePort } from '../server/src/db/embedded.ts';
import { TEST_BOT_TOKEN } from '../server/src/test/telegram-signer.ts';
import { waitUntil } from '../server/src/test/wait-until.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The product's DATA_DIR: mail outbox, SMS log, embedded PostgreSQL. */
    dataDir: string;
    /** The run's one Chromium, for `chromium.connect` (e2e/browser.ts `launchBrowser`). */
    browserWsEndpoint: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');
export const ADMIN_EMAIL = 'admin@e2e.test';
/** The password `registerIn` (e2e/browser.ts) gives every test user, the admin included; strong enough for the rule. */
export const E2E_PASSWORD = 'e2e-quiet-harbor';
/** The bot the e2e server verifies Telegram data for (no Bot API calls: TELEGRAM_MODE=off). */
export const E2E_BOT_USERNAME = 'tracker_e2e_bot';

export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@tracker/miniapp'], { cwd: root, stdio: 'pipe', encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracker-e2e-'));
  const port = await freePort();
  // The server checks every answer against the contract and writes each mismatch here (http/contract-check.ts).
  const contractFile = path.join(dataDir, 'contract-mismatches.jsonl');
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: 'warn', DATABASE_URL: '', TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: E2E_BOT_USERNAME, TELEGRAM_MODE: 'off', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', CONTRACT_CHECK_FILE: contractFile },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const browser = launchBrowserServer();
  const stop = async () => {
    await browser.then((b) => b.close(), () => undefined);
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    const mismatches = existsSync(contractFile) ? readFileSync(contractFile, 'utf8').trim().split('\n') : [];
    rmSync(dataDir, { recursive: true, force: true });
    // The web app trusts answers by their declared types: an answer outside its schema fails the run.
    if (mismatches.length) throw new Error(`${mismatches.length} API answer(s) outside the contract:\n${mismatches.slice(0, 20).join('\n')}`);
  };
  // vitest runs no teardown for a setup that threw: stop the server and remove its data here.
  try {
    await waitUntil('the server to become healthy', async () => {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      return fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    }, { timeout: 60_000, interval: 200 });
    await createConfirmedAdmin(baseUrl, dataDir);
  } catch (err) {
    await stop();
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('browserWsEndpoint', (await browser).wsEndpoint());
  project.provide('dataDir', dataDir);
  return stop;
}

/**
 * ADMIN_EMAILS grants admin only once the address is confirmed: register it and open the link
 * from the outbox, so every test's `registerIn(context, ADMIN_EMAIL)` signs in as admin.
 */
async function createConfirmedAdmin(baseUrl: string, dataDir: string) {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: E2E_PASSWORD, name: 'Admin' }),
  });
  if (res.status !== 201) throw new Error(`admin registration failed: ${res.status} ${await res.text()}`);
  const outbox = path.join(dataDir, 'outbox');
  const token = await waitUntil('the admin confirmation mail', () => {
    const mails = existsSync(outbox) ? readdirSync(outbox, { withFileTypes: true }).filter((f) => f.name.endsWith('.eml')) : [];
    for (const f of mails) {
      const text = readFileSync(path.join(outbox, f.name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (text.includes(`To: ${ADMIN_EMAIL}`)) return /\/user\/confirm-email\?token=([\w-]+)/.exec(text)?.[1];
    }
    return undefined;
  }, { timeout: 30_000, interval: 100 });
  const confirmed = await fetch(`${baseUrl}/api/user/confirm-email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  if (!confirmed.ok) throw new Error(`admin confirmation failed: ${confirmed.status} ${await confirmed.text()}`);
}
