import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness.ts';
import { countStatements, recordStatements } from './query-counter.ts';

// A route that sends exactly the statements asked for, so the counter is checked against known numbers.
let t: TestServer;
const routes = new Router({ prefix: '/api/test' });
routes.get('/statements/:n', async (ctx) => {
  const em = t.orm.em as unknown as EntityManager;
  for (let i = 0; i < Number(ctx.params.n); i++) await em.execute('select ?::int as n', [i]);
  ctx.body = { ok: true };
});
routes.get('/transaction', async (ctx) => {
  await (t.orm.em as unknown as EntityManager).transactional(async (em) => {
    await em.execute('select ?::int as n', [1]);
  });
  ctx.body = { ok: true };
});

beforeAll(async () => {
  t = await createTestServer({}, { extraRouters: [routes] });
});
afterAll(() => t.close());

describe('query counter', () => {
  for (const n of [0, 1, 3, 7]) {
    it(`counts ${n} statements for a request that sends ${n}`, async () => {
      const client = t.client();
      let status = 0;
      expect(await countStatements(t.orm, async () => (status = (await client.get(`/api/test/statements/${n}`)).status))).toBe(n);
      expect(status).toBe(200);
    });
  }

  it('counts a transaction as what is sent: begin, the statement, commit', async () => {
    const client = t.client();
    expect(await recordStatements(t.orm, () => client.get('/api/test/transaction'))).toEqual(['begin', 'select $1::int as n', 'commit']);
  });

  it('does not count statements sent outside a request (setup, job worker, bot)', async () => {
    expect(await countStatements(t.orm, () => t.sql('select 1'))).toBe(0);
    expect(await countStatements(t.orm, () => t.sql('select 1'), () => true)).toBe(1);
  });
});
