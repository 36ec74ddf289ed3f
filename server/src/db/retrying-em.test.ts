// A real deadlock (40P01) in a request's transaction: PostgreSQL aborts it, the transaction is run
// again (db/retrying-em.ts), and the request succeeds; one that deadlocks on every attempt answers
// 503 with Retry-After after TRANSACTION_ATTEMPTS, and leaves nothing written.
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../modules/users/user.entity.ts';
import { createUser } from '../test/fixtures.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { waitUntil } from '../test/wait-until.ts';
import { TRANSACTION_ATTEMPTS } from './retrying-em.ts';

let t: TestServer;
/** Called in each attempt once it holds row 1; resolves once the trap on row 2 is set. */
let onAttempt: (attempt: number) => Promise<void> = async () => {};
const partners: Promise<void>[] = [];

// Row 1, then row 2: the order that deadlocks with a partner holding row 2 and waiting for row 1.
const router = new Router();
router.post('/api/test/two-rows', async (ctx) => {
  let attempts = 0;
  const em = t.orm.em as unknown as EntityManager;
  // Loaded before the transaction, changed and flushed inside it before the conflict.
  const user = await em.findOneOrFail(User, Number(ctx.query.user));
  await em.transactional(async (tx) => {
    attempts += 1;
    // The partner already waits when this side starts to: this side closes the cycle and, looking
    // first (20 ms against the partner's 10 s), is the one PostgreSQL aborts.
    await tx.execute(`set local deadlock_timeout = '20ms'`);
    await tx.execute('update deadlock_probe set n = n + 1 where id = 1');
    user.name = String(ctx.query.name);
    await tx.flush();
    await onAttempt(attempts);
    await tx.execute('update deadlock_probe set n = n + 1 where id = 2');
  });
  ctx.body = { attempts };
});

beforeAll(async () => {
  t = await createTestServer({}, { extraRouters: [router] });
  await t.sql('create table deadlock_probe (id int primary key, n int not null)');
  await t.sql('insert into deadlock_probe values (1, 0), (2, 0)');
});
afterAll(async () => {
  await Promise.all(partners);
  await t.close();
});

/**
 * Another session takes row 2, then asks for row 1, which the request's transaction holds: once it
 * waits, the request's next step (row 2) closes a cycle. When the request's transaction is aborted,
 * the partner gets row 1 and commits.
 */
async function deadlockPartner() {
  const partner = new pg.Client({ connectionString: t.databaseUrl });
  await partner.connect();
  const { rows } = await partner.query<{ pid: number }>(`select pg_backend_pid() as pid`);
  await partner.query(`set deadlock_timeout = '10s'`);
  await partner.query('begin');
  await partner.query('update deadlock_probe set n = n + 10 where id = 2');
  const waiting = partner.query('update deadlock_probe set n = n + 10 where id = 1');
  partners.push(waiting.then(() => partner.query('commit')).then(() => partner.end()));
  await waitUntil('the partner to wait for row 1', async () => (await t.sql(`select 1 from pg_stat_activity where pid = ? and wait_event_type = 'Lock'`, [rows[0]!.pid])).length === 1, { interval: 10 });
}

const rows = async () => (await t.sql<{ id: number; n: number }>('select id, n from deadlock_probe order by id')).map((r) => r.n);

describe('transactions that deadlock', () => {
  it('are run again, and the request succeeds', async () => {
    onAttempt = async (attempt) => {
      if (attempt === 1) await deadlockPartner();
    };
    const { id } = await createUser(t, { name: 'Before' });
    const res = await t.client().request('POST', `/api/test/two-rows?user=${id}&name=After`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ attempts: 2 });
    await Promise.all(partners);
    // The partner's commit, then the retried transaction's: the aborted attempt left nothing.
    expect(await rows()).toEqual([11, 11]);
    // The change the aborted attempt had flushed is written by the retry, not taken as done.
    expect(await t.sql('select name from users where id = ?', [id])).toEqual([{ name: 'After' }]);
  });

  it('answer 503 with Retry-After when every attempt deadlocks, leaving nothing written', async () => {
    const before = await rows();
    const { id } = await createUser(t, { name: 'Kept' });
    let seen = 0;
    onAttempt = async (attempt) => {
      seen = attempt;
      await deadlockPartner();
    };
    const res = await t.client().request('POST', `/api/test/two-rows?user=${id}&name=Lost`);
    expect(seen).toBe(TRANSACTION_ATTEMPTS);
    expect([res.status, res.headers.get('retry-after')]).toEqual([503, '2']);
    expect(res.body).toMatchObject({ statusCode: 503, data: { code: 'service_unavailable' } });
    await Promise.all(partners);
    // Only the partners' updates: each of them committed once.
    expect(await rows()).toEqual(before.map((n) => n + 10 * TRANSACTION_ATTEMPTS));
    expect(await t.sql('select name from users where id = ?', [id])).toEqual([{ name: 'Kept' }]);
  });
});
