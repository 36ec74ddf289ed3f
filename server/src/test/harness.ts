// Integration harness: the real app on a real PostgreSQL database of its own, reached over HTTP.
import type Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createOrm, type Orm } from '../db/orm.ts';
import { createLogger, type Logger } from '../logger.ts';
import { countStatements } from './query-counter.ts';

export interface TestServer {
  url: string;
  orm: Orm;
  app: App;
  config: Config;
  databaseUrl: string;
  client(): TestClient;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Creates an empty, migrated database cloned from the template made in global setup. */
export async function createTestDatabase(): Promise<string> {
  const templateUrl = inject('pgTemplateUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: templateUrl.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query(`create database "${name}" template tracker_template`);
  await admin.end();
  return templateUrl.replace(/\/[^/]+$/, `/${name}`);
}

/** `logger` captures the app's log (default: silent); `extraRouters` mount test-only routes before the 404. */
export async function createTestServer(env: Record<string, string> = {}, options: { logger?: Logger; extraRouters?: Router[] } = {}): Promise<TestServer> {
  const databaseUrl = await createTestDatabase();
  // A data folder of its own (mail outbox, uploads), removed on close unless the test brought one.
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(path.join(os.tmpdir(), 'tracker-test-data-'));
  // Every answer of a declared route is checked against its schema (http/contract-check.ts); close() fails on a mismatch.
  const contractFile = path.join(os.tmpdir(), `tracker-contract-${randomBytes(6).toString('hex')}.jsonl`);
  const config = loadConfig({
    CONTRACT_CHECK_FILE: contractFile,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...(ownDataDir && { DATA_DIR: ownDataDir }),
    WEB_DIST: '/nonexistent-dist',
    // Notifications go out at once unless a test is about bursts.
    TELEGRAM_BURST_SEC: '0',
    ...env,
  });
  const orm = await createOrm(databaseUrl, { poolMax: 5 });
  const app = createApp({ config, orm, logger: options.logger ?? createLogger('silent'), extraRouters: options.extraRouters });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Jobs enqueued from here on wake a listening worker.
  await app.services.jobs.start();
  return {
    url,
    orm,
    app,
    config,
    databaseUrl,
    client: () => new TestClient(url),
    sql: async (text, params = []) => (await orm.em.getConnection().execute(text, params)) as never,
    async close() {
      await app.services.events.close();
      await app.services.sync.close();
      await app.services.access.close();
      await app.services.telegram.stop();
      await app.services.jobs.stop();
      await app.services.storage.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await orm.close(true);
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      const mismatches = existsSync(contractFile) ? readFileSync(contractFile, 'utf8').trim().split('\n') : [];
      rmSync(contractFile, { force: true });
      if (mismatches.length) throw new Error(`${mismatches.length} answer(s) outside the contract:\n${mismatches.slice(0, 10).join('\n')}`);
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A fetch client with a cookie jar, like one browser. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request<T = any>(method: string, path: string, options: { json?: unknown; headers?: Record<string, string>; body?: string } = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) continue;
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, { headers });
  post = <T = any>(path: string, json?: unknown, headers?: Record<string, string>) => this.request<T>('POST', path, { json, headers });
}

/** SQL statements the HTTP requests `fn` makes run, with no stored response: the cost of a request whose body is made anew. */
export async function countQueries(t: TestServer, fn: () => Promise<unknown>): Promise<number> {
  t.app.services.responseCache.clear();
  return countStatements(t.orm, fn);
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.com`;
}
