// Several server processes (`node server/src/main.ts`, as production runs them) on one database made
// by the harness, each with its own port and its own empty data folder: whatever they share, they
// share through PostgreSQL (or STORAGE_URL), never through a disk or memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../db/embedded.ts';
import { createTestDatabase, TestClient } from './harness.ts';
import { waitUntil } from './wait-until.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export interface Replica {
  name: string;
  url: string;
  /** A browser talking to this replica only. */
  client(): TestClient;
  /** What the process printed (JSON log lines), for failure messages. */
  output(): string;
}

export interface ReplicaSet {
  databaseUrl: string;
  replicas: Replica[];
  /** SQL straight on the shared database ($1, $2… placeholders). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Starts `count` replicas on a fresh migrated database; `env` is added to each one's environment. */
export async function startReplicas(count = 2, env: Record<string, string> = {}): Promise<ReplicaSet> {
  const databaseUrl = await createTestDatabase();
  // One secret for all, as a deployment has: a cookie signed by one replica is read by another.
  const secret = randomBytes(32).toString('hex');
  const children: { child: ChildProcess; dataDir: string }[] = [];
  const start = async (index: number): Promise<Replica> => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `tracker-replica${index + 1}-`));
    const child = spawn(process.execPath, ['server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://localhost:8080',
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: secret,
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent-dist',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push({ child, dataDir });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const url = `http://127.0.0.1:${port}`;
    await waitUntil(`replica ${index + 1} to answer /api/health`, async () => {
      if (child.exitCode !== null) throw new Error(`replica ${index + 1} exited ${child.exitCode}:\n${output}`);
      return fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    }, { timeout: 60_000, interval: 100 });
    return { name: `replica ${index + 1}`, url, client: () => new TestClient(url), output: () => output };
  };

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const close = async () => {
    await Promise.all(
      children.map(async ({ child, dataDir }) => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await waitUntil('a replica to stop', () => child.exitCode !== null || child.signalCode !== null, { timeout: 15_000 }).catch(() => child.kill('SIGKILL'));
        }
        rmSync(dataDir, { recursive: true, force: true });
      }),
    );
    await pool.end();
  };
  try {
    const replicas = await Promise.all(Array.from({ length: count }, (_, i) => start(i)));
    return { databaseUrl, replicas, sql: async (text, params = []) => (await pool.query(text, params)).rows, close };
  } catch (err) {
    await close();
    throw err;
  }
}
