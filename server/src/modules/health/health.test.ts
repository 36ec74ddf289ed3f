import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded.ts';
import { createOrm, migrate, type Orm } from '../../db/orm.ts';
import { createLogger } from '../../logger.ts';

// A PostgreSQL of its own, so stopping it does not disturb other test files.
let db: EmbeddedDatabase;
let orm: Orm;
let url: string;
let close: () => Promise<void>;
const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-health-'));

beforeAll(async () => {
  db = await startEmbeddedPostgres(dir);
  orm = await createOrm(db.url, { poolMax: 2 });
  await migrate(orm);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, SESSION_SECRET: 'x'.repeat(32), DATA_DIR: dir, WEB_DIST: '/nonexistent' });
  const server = createApp({ config, orm, logger: createLogger('silent') }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
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
  return { status: res.status, body: await res.json() };
};

describe('GET /api/health', () => {
  it('is ok, turns 503 while the database is down, and recovers when it is back', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', db: 'ok' } });

    await db.stop();
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ statusCode: 503, status: 'degraded', db: 'down' });

    await db.start();
    let recovered = await health();
    for (let i = 0; i < 20 && recovered.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      recovered = await health();
    }
    expect(recovered).toEqual({ status: 200, body: { status: 'ok', db: 'ok' } });
  });
});
