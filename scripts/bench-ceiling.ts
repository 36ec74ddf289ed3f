// The ceiling the issue list is compared with: the list query itself, as the server builds it for
// the same mix of users, projects, filters and sorts, run as named prepared statements with bound
// values straight on `pg`, from as many concurrent clients as the mixed load has connections.
import type { EntityManager } from '@mikro-orm/postgresql';
import { issueListQuerySchema } from '@tracker/shared/api/issues';
import pg from 'pg';
import { cursorCodec } from '../server/src/modules/issues/issue-cursor.ts';
import { listIssues } from '../server/src/modules/issues/issue-list.ts';
import { listPath, type PlanUser } from './load-mix.ts';

interface Statement {
  name: string;
  text: string;
  values: unknown[];
  /** The list request it stands for. */
  path: string;
}

/**
 * The SQL `listIssues` sends, caught by a stand-in for its database handle: any method called with
 * SQL text records it and answers no rows (so this keeps working whichever execute method is used).
 */
async function captureListSql(viewer: { id: number; roles: string[] }, path: string, secret: string): Promise<{ text: string; values: unknown[] }> {
  const seen: { sql: string; params: unknown[] }[] = [];
  const recorder: object = new Proxy(
    {},
    {
      get: (_target, prop) =>
        prop === 'then'
          ? undefined
          : (...args: unknown[]) => {
              if (typeof args[0] !== 'string') return recorder;
              seen.push({ sql: args[0], params: Array.isArray(args[1]) ? args[1] : [] });
              return Promise.resolve([]);
            },
    },
  );
  const query = Object.fromEntries(new URL(path, 'http://bench').searchParams);
  await listIssues(recorder as EntityManager, viewer, issueListQuerySchema.parse(query), cursorCodec(secret));
  const main = seen.sort((a, b) => b.sql.length - a.sql.length)[0];
  if (!main) throw new Error('listIssues ran no SQL that the bench could catch');
  let n = 0;
  return { text: main.sql.replace(/\?/g, () => `$${++n}`), values: main.params };
}

export interface Ceiling {
  qps: number;
  statements: number;
  /** The statements slowest on average, with a list request each stands for: where list time goes. */
  slowest: { path: string; ms: number }[];
}

export async function listCeiling(databaseUrl: string, users: PlanUser[], options: { connections: number; seconds: number; secret: string }): Promise<Ceiling> {
  const statements: Statement[] = [];
  const names = new Map<string, string>();
  for (let i = 0; i < 1000; i++) {
    const user = users[i % users.length]!;
    const path = listPath(user, Math.random);
    const { text, values } = await captureListSql({ id: user.id, roles: [] }, path, options.secret);
    if (!names.has(text)) names.set(text, `bench_list_${names.size}`);
    statements.push({ name: names.get(text)!, text, values, path });
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.connections });
  const times = new Map<string, { ms: number; n: number; path: string }>();
  try {
    const run = async (until: number) => {
      let done = 0;
      await Promise.all(
        Array.from({ length: options.connections }, async () => {
          while (performance.now() < until) {
            const { name, text, values, path } = statements[Math.floor(Math.random() * statements.length)]!;
            const t0 = performance.now();
            await pool.query({ name, text, values });
            const t = times.get(name) ?? times.set(name, { ms: 0, n: 0, path }).get(name)!;
            t.ms += performance.now() - t0;
            t.n++;
            done++;
          }
        }),
      );
      return done;
    };
    // Unmeasured first second: connections open and each prepares its statements.
    await run(performance.now() + 1000);
    times.clear();
    const started = performance.now();
    const done = await run(started + options.seconds * 1000);
    const slowest = [...times.values()].map((t) => ({ path: t.path, ms: Math.round(t.ms / t.n) })).sort((a, b) => b.ms - a.ms).slice(0, 3);
    return { qps: Math.round(done / ((performance.now() - started) / 1000)), statements: names.size, slowest };
  } finally {
    await pool.end();
  }
}
