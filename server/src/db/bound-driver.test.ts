import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import { User } from '../modules/users/user.entity.ts';
import type { BoundPostgreSqlConnection } from './bound-driver.ts';
import { createOrm, type Orm } from './orm.ts';
import { preparedStatementsClient, StatementTap, statementName } from './prepared-client.ts';

// One connection, so pg_prepared_statements (per session) shows what this pool prepared.
let url: string;
let orm: Orm;
const connection = () => orm.em.getConnection() as BoundPostgreSqlConnection;
const prepared = () =>
  connection().execute<{ name: string; statement: string; generic_plans: string; custom_plans: string }[]>(
    'select name, statement, generic_plans, custom_plans from pg_prepared_statements',
  );

beforeAll(async () => {
  url = await createTestDatabase();
  orm = await createOrm(url, { poolMax: 1 });
});
afterAll(() => orm.close(true));

describe('bound values and prepared statements', () => {
  it('sends values as parameters of a statement prepared once and executed again with new values', async () => {
    const sent: string[] = [];
    const stop = connection().statements.listen((text) => sent.push(text));
    const hot = 'select ? as greeting, ?::int + 1 as next';
    const first = await connection().execute(hot, ["it's ?", 41]);
    const second = await connection().execute(hot, ['again', 1]);
    stop();
    expect(first).toEqual([{ greeting: "it's ?", next: 42 }]);
    expect(second).toEqual([{ greeting: 'again', next: 2 }]);
    expect(sent).toEqual(['select $1 as greeting, $2::int + 1 as next', 'select $1 as greeting, $2::int + 1 as next']);
    const rows = (await prepared()).filter((r) => r.statement === sent[0]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe(statementName(sent[0]!));
    expect(Number(rows[0]!.generic_plans) + Number(rows[0]!.custom_plans)).toBe(2);
  });

  it('binds the ORM’s own statements: finds with IN lists, inserts, updates with dates, booleans and JSON', async () => {
    const url2 = await createTestDatabase();
    const { migrate } = await import('./orm.ts');
    const own = await createOrm(url2, { poolMax: 1 });
    try {
      await migrate(own);
      const sent: string[] = [];
      const stop = (own.em.getConnection() as BoundPostgreSqlConnection).statements.listen((text) => sent.push(text));
      const em = own.em.fork();
      const user = em.create(User, { name: "O'Brien ?", email: 'o@example.com', roles: ['admin'], locale: 'en' });
      await em.persist(user).flush();
      const found = await em.fork().find(User, { id: { $in: [user.id, user.id + 1] }, email: 'o@example.com' });
      stop();
      expect(found.map((u) => [u.name, u.roles])).toEqual([["O'Brien ?", ['admin']]]);
      const statements = sent.filter((s) => /users/.test(s));
      expect(statements.length).toBeGreaterThanOrEqual(2);
      for (const s of statements) expect(s).not.toMatch(/O''Brien|o@example\.com|admin/);
    } finally {
      await own.close(true);
    }
  });

  it('keeps at most `limit` statements prepared per connection, dropping the least recently used', async () => {
    const tap = new StatementTap();
    const pool = new pg.Pool({ connectionString: url, max: 1, Client: preparedStatementsClient(tap, 3) });
    // Kysely's way: a checked-out client, promise form (pool.query takes the callback form).
    const client = await pool.connect();
    try {
      for (let n = 1; n <= 6; n++) {
        await client.query(`select ${'$1::int, '.repeat(n)}1`, [n]);
        await client.query('select $1::int as hot', [1]);
      }
      const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements');
      expect(rows).toHaveLength(3);
      expect(rows.map((r) => r.statement)).toContain('select $1::int as hot');
    } finally {
      client.release();
      await pool.end();
    }
  });

  it('prepares a statement again when another process changed the table under it', async () => {
    await connection().execute('create table plan_change (id int primary key)');
    await connection().execute('insert into plan_change values (?)', [1]);
    const read = () => connection().execute('select * from plan_change where id = ?', [1]);
    expect(await read()).toEqual([{ id: 1 }]);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('alter table plan_change add column note text');
    await other.end();
    expect(await read()).toEqual([{ id: 1, note: null }]);
  });
});
