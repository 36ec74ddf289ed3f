// Issue 3's budgets on the 100,000-issue data set: issue list vs a bare `pg` route running the same
// SQL in the same process, full-text search and issue page data.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { issueListQuerySchema } from '@tracker/shared/api/issues';
import Koa from 'koa';
import pg from 'pg';
import { createApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { startEmbeddedPostgres } from '../server/src/db/embedded.ts';
import { createOrm, migrate } from '../server/src/db/orm.ts';
import { seedDemo } from '../server/src/seed/demo.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/src/seed/demo-data.ts';
import { createLogger } from '../server/src/logger.ts';
import { listIssues } from '../server/src/modules/issues/issue-list.ts';
import { cursorCodec } from '../server/src/modules/issues/issue-cursor.ts';

const ISSUES = 100_000;
const root = path.resolve(import.meta.dirname, '..');
type Report = (name: string, value: number, unit: string, budget?: number, atLeast?: boolean) => void;

function load(url: string, cookie: string, seconds = 8): Promise<{ p50: number; p95: number; p99: number; rps: number; errors: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/load.ts'), url, cookie, '50', String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`load exited ${code}`))));
  });
}

export async function benchTracker(report: Report) {
  const dataDir = path.join(os.tmpdir(), 'tracker-bench-100k');
  const db = await startEmbeddedPostgres(dataDir);
  const orm = await createOrm(db.url, { poolMax: 20 });
  const servers: { close(): void }[] = [];
  try {
    await migrate(orm);
    const em = () => orm.em.fork() as unknown as EntityManager;
    const [{ n }] = (await em().execute<{ n: number }[]>('select count(*)::int as n from issues')) as [{ n: number }];
    if (n < ISSUES) {
      console.log(`Seeding ${ISSUES} issues into ${dataDir} (once)…`);
      if (n > 0) throw new Error(`${dataDir} holds a partial data set: delete it and run again`);
      await seedDemo(em(), { issues: ISSUES });
    }
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: db.url, SESSION_SECRET: 'b'.repeat(64), PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: existsSync(dataDir) ? dataDir : os.tmpdir() });
    const app = createApp({ config, orm, logger: createLogger('silent') });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server, { close: () => void Promise.all([app.services.jobs.stop(), app.services.telegram.stop()]) });
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const user = DEMO_USERS[1];
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: DEMO_PASSWORD }) });
    if (!login.ok) throw new Error(`bench sign-in failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const me = (await login.json()) as { user: { id: number; roles: string[] } };

    const [status] = await em().execute<{ id: number }[]>(`select s.id from statuses s join projects p on p.id = s.project_id where p.key = 'WEB' and s.category = 'started' order by s.position limit 1`);
    const query = { project: 'WEB', status: String(status!.id), sort: 'updated', order: 'desc', limit: '50' };
    const listPath = `/api/issues?${new URLSearchParams(query)}`;

    // The bare baseline: the exact SQL the list endpoint runs, captured once, on a plain pg pool.
    let captured: { sql: string; params: unknown[] } | null = null;
    const recorder = { execute: async (sql: string, params: unknown[]) => ((captured = { sql, params }), []) } as unknown as EntityManager;
    await listIssues(recorder, { id: me.user.id, roles: me.user.roles }, issueListQuerySchema.parse(query), cursorCodec('bench'));
    const { sql, params } = captured!;
    let i = 0;
    const pgSql = sql.replace(/\?/g, () => `$${++i}`);
    const pool = new pg.Pool({ connectionString: db.url, max: 20 });
    const bare = new Koa();
    bare.use(async (ctx) => {
      ctx.body = { issues: (await pool.query(pgSql, params)).rows };
    });
    const bareServer = bare.listen(0, '127.0.0.1');
    servers.push(bareServer);
    await new Promise((r) => bareServer.once('listening', r));
    const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/`;

    const check = await fetch(base + listPath, { headers: { cookie } });
    const body = (await check.json()) as { issues: unknown[] };
    if (!check.ok || body.issues.length === 0) throw new Error(`issue list check failed: ${check.status}`);

    const list = await load(base + listPath, cookie);
    const baseline = await load(bareUrl, '');
    report('issue list p95 (100k issues, 50 per page, 50 connections, 8 s after a 3 s warm-up)', list.p95, 'ms', 25);
    report('issue list throughput', list.rps, 'req/s');
    report('bare pg route throughput (same SQL, same process)', baseline.rps, 'req/s');
    report('issue list / bare pg throughput', Math.round((list.rps / baseline.rps) * 100), '%', 50, true);

    const search = await load(`${base}/api/search?q=${encodeURIComponent('вход')}`, cookie);
    report('full-text search p95', search.p95, 'ms', 50);
    const [issue] = await em().execute<{ key: string; number: number }[]>(`select p.key, i.number from issues i join projects p on p.id = i.project_id where p.key = 'WEB' order by i.id desc limit 1`);
    const page = await load(`${base}/api/issues/${issue!.key}-${issue!.number}`, cookie);
    report('issue page data p95', page.p95, 'ms', 20);

    const cache = app.services.responseCache.stats();
    report('response cache hit ratio (stored bodies and 304s of all cached reads)', Math.round(((cache.hits + cache.notModified) / Math.max(1, cache.hits + cache.misses + cache.notModified)) * 100), '%');
    for (const r of [list, baseline, search, page]) if (r.errors) report('non-200 responses during load', r.errors, 'responses', 0);
    await pool.end();
  } finally {
    for (const s of servers) s.close();
    await orm.close(true);
    await db.stop();
  }
}
