// Jobs queued by the old hand-written queue (table `jobs`) survive the move to graphile-worker: two
// processes migrating at the same moment move each waiting job exactly once.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createOrm, migrate, MIGRATE_LOCK, type Orm } from '../../db/orm.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createLogger } from '../../logger.ts';
import { createJobQueue } from './index.ts';

const BEFORE = 'Migration20261126200000_search_indexes';
let databaseUrl: string;
let db: pg.Pool;
const orms: Orm[] = [];

beforeAll(async () => {
  // An empty database migrated only up to the old queue, as a server of the previous version left it.
  const templateUrl = inject('pgTemplateUrl');
  const name = `legacy_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: templateUrl.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  databaseUrl = templateUrl.replace(/\/[^/]+$/, `/${name}`);
  orms.push(await createOrm(databaseUrl, { poolMax: 2 }), await createOrm(databaseUrl, { poolMax: 2 }));
  await orms[0]!.migrator.up({ to: BEFORE });
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
});
afterAll(async () => {
  await Promise.all(orms.map((o) => o.close(true)));
  await db?.end();
});

it('moves waiting and retrying jobs into graphile-worker once, keeps final failures readable, and runs them', async () => {
  await db.query(`
    insert into jobs (kind, payload, attempts, max_attempts, run_at, last_error, failed_at) values
      ('legacy.kind', '{"n":"pending"}', 0, 8, now(), null, null),
      ('legacy.kind', '{"n":"retrying"}', 3, 8, now() - interval '1 minute', 'smtp down', null),
      ('legacy.kind', '{"n":"later"}', 0, 6, now() + interval '1 hour', null, null),
      ('legacy.kind', '{"n":"dead"}', 8, 8, now() - interval '1 day', 'gone', now())`);

  // Two processes start together while a third holds the migration lock: neither touches the data
  // until it is free, then they migrate one after the other and the second finds nothing to do.
  const holder = await db.connect();
  await holder.query('select pg_advisory_lock($1)', [MIGRATE_LOCK]);
  const migrating = Promise.all(orms.map((orm) => migrate(orm)));
  await waitUntil('both processes to wait for the migration lock', async () => {
    const { rows } = await db.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted`, [MIGRATE_LOCK]);
    return rows[0].n === 2;
  });
  expect((await db.query(`select count(*)::int as n from jobs`)).rows).toEqual([{ n: 4 }]);
  await holder.query('select pg_advisory_unlock($1)', [MIGRATE_LOCK]);
  holder.release();
  await migrating;

  const moved = await db.query<{ max_attempts: number; attempts: number; due_in: number }>(
    `select max_attempts, attempts, extract(epoch from run_at - now()) as due_in from graphile_worker.jobs where task_identifier = 'legacy.kind' order by max_attempts, run_at`,
  );
  expect(moved.rows.map((r) => ({ max: r.max_attempts, attempts: r.attempts, later: Number(r.due_in) > 3000 }))).toEqual([
    { max: 5, attempts: 0, later: false }, // 8 - 3 attempts left
    { max: 6, attempts: 0, later: true }, // its run_at kept
    { max: 8, attempts: 0, later: false },
  ]);
  expect((await db.query(`select payload->>'n' as n, last_error from jobs_legacy_failed`)).rows).toEqual([{ n: 'dead', last_error: 'gone' }]);
  expect((await db.query(`select to_regclass('jobs') as t`)).rows).toEqual([{ t: null }]);

  const ran: unknown[] = [];
  const queue = createJobQueue({ databaseUrl, logger: createLogger('silent') });
  queue.register({ 'legacy.kind': async (payload) => void ran.push(payload.n) });
  expect(await queue.runDue()).toBe(2);
  expect(ran.sort()).toEqual(['pending', 'retrying']);
  expect(await queue.runDue()).toBe(0);
});
