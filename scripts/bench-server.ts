// The server under test as production runs it (NODE_ENV=production, compression on), its data
// folder, and the signed-in users the load plays.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../server/src/db/embedded.ts';
import { migrationsList } from '../server/src/db/migrations/index.ts';
import { createOrm, migrate } from '../server/src/db/orm.ts';
import { createLogger } from '../server/src/logger.ts';
import { BENCH_PASSWORD, benchEmail, SEED_VERSION, seedBenchData, type BenchShape } from './bench-data.ts';
import { BENCH_PROJECTS } from './bench-words.ts';
import type { PlanUser } from './load-mix.ts';

/**
 * A data folder holding the bench data set of `shape`, seeded once and reused by later runs. A
 * folder of another shape, a seed that never finished, or a folder migrated by another branch
 * (a migration this one does not know) is deleted and seeded anew.
 */
export async function openBenchData(dataDir: string, shape: Omit<BenchShape, 'version'>, rebuild = false, settings: Record<string, string> = {}): Promise<EmbeddedDatabase> {
  const shapeFile = path.join(dataDir, 'bench-shape.json');
  const wanted = JSON.stringify({ version: SEED_VERSION, ...shape });
  const reuse = !rebuild && existsSync(shapeFile) && readFileSync(shapeFile, 'utf8') === wanted;
  if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  const db = await startEmbeddedPostgres(dataDir, { settings });
  try {
    if (reuse) {
      const known = new Set(migrationsList.map((m) => m.name));
      const unknown = (await query<{ name: string }>(db.url, 'select name from mikro_orm_migrations')).filter((m) => !known.has(m.name.replace(/\.[jt]s$/, '')));
      if (unknown.length) {
        await db.stop();
        console.log(`${dataDir} was migrated elsewhere (${unknown.map((m) => m.name).join(', ')}): rebuilding it`);
        return openBenchData(dataDir, shape, true, settings);
      }
    }
    const orm = await createOrm(db.url, { poolMax: 2 });
    await migrate(orm).finally(() => orm.close(true));
    if (!reuse) {
      console.log(`Seeding ${shape.issues} issues, ${shape.users} users into ${dataDir} (once; later runs reuse it)…`);
      const started = performance.now();
      await seedBenchData(db.url, shape);
      // Statistics and visibility maps for the fresh rows, so plans are the ones of a settled database.
      await query(db.url, 'vacuum analyze');
      writeFileSync(shapeFile, wanted);
      console.log(`Seeded in ${Math.round((performance.now() - started) / 1000)} s`);
    }
    return db;
  } catch (err) {
    await db.stop();
    throw err;
  }
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface BenchServer {
  base: string;
  /** The database pool's size, as production configures it. */
  poolMax: number;
  /** `app.services`, loosely: which services exist depends on the server's version. */
  services: Record<string, unknown>;
  close(): Promise<void>;
}

type Service = { close?: () => Promise<void>; stop?: () => Promise<void>; ready?: () => Promise<void> } | undefined;

/** The app in this process on its own port, configured and pooled as main.ts does in production. */
export async function startBenchServer(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, SESSION_SECRET: 'b'.repeat(64), PUBLIC_URL: base, LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const orm = await createOrm(databaseUrl, { poolMax: config.DB_POOL_MAX });
  const app = createApp({ config, orm, logger: createLogger('silent') });
  const services = app.services as unknown as Record<string, Service>;
  const server = app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    poolMax: config.DB_POOL_MAX,
    services,
    async close() {
      for (const name of ['events', 'sync', 'storage', 'responseCache']) await services[name]?.close?.();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const name of ['telegram', 'jobs']) await services[name]?.stop?.().catch(() => {});
      await orm.close(true);
    },
  };
}

/** Signs users in through the API, as their browsers would, and collects what the load needs of each. */
export async function signedInUsers(base: string, databaseUrl: string, userNumbers: number[]): Promise<PlanUser[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const users: PlanUser[] = [];
    for (const n of userNumbers) {
      const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, 'sec-fetch-site': 'same-origin' }, body: JSON.stringify({ email: benchEmail(n), password: BENCH_PASSWORD }) });
      if (!res.ok) throw new Error(`sign-in of ${benchEmail(n)} failed: ${res.status} ${await res.text()}`);
      const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const { user } = (await res.json()) as { user: { id: number } };
      const { rows } = await db.query<PlanUser['projects'][number]>(
        `select p.id, p.key, case when p.key = any($2::text[]) then 'en' else 'ru' end as locale,
                coalesce(m.role in ('owner', 'member'), false) as "canWrite", p.issue_counter as issues,
                (select json_agg(json_build_object('id', s.id, 'category', s.category) order by s.position) from statuses s where s.project_id = p.id) as statuses,
                (select json_agg(l.id order by l.id) from labels l where l.project_id = p.id) as labels,
                (select json_agg(c.id order by c.starts_on) from cycles c where c.project_id = p.id) as cycles
           from projects p join users u on u.id = $1
           left join project_members m on m.project_id = p.id and m.user_id = u.id
          where m.user_id is not null or p.visibility = 'all'
          order by p.id`,
        [user.id, BENCH_PROJECTS.filter((p) => p.locale === 'en').map((p) => p.key)],
      );
      users.push({ id: user.id, cookie, projects: rows });
    }
    return users;
  } finally {
    await db.end();
  }
}
