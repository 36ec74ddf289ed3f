// Where the mixed load's work goes (issue 28): the statements by total time (pg_stat_statements,
// loaded by the bench's PostgreSQL), and the CPU the database and the server spend per request.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Settings the bench's PostgreSQL starts with. */
export const STATEMENT_STATS_SETTINGS = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.max': '2000' };

const TICK_MS = 1000 / (Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100);

/** utime + stime (own), cutime + cstime (of children waited for), and the parent, of one process. */
function procStat(pid: string | number): { ppid: number; own: number; children: number } {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After "pid (comm) ": field 3 (state) is index 0, so field n is index n - 3.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
}

/**
 * CPU milliseconds the PostgreSQL of `dataDir` has used so far: its postmaster, every live backend
 * and background process, and those that ended (counted into the postmaster's children's time).
 */
export function postgresCpuMs(databaseDir: string): number {
  const postmaster = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const master = procStat(postmaster);
  let ticks = master.own + master.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const s = procStat(entry);
      if (s.ppid === postmaster) ticks += s.own;
    } catch {
      // A process that ended while the list was read.
    }
  }
  return ticks * TICK_MS;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Forgets the statements seen so far: what follows is the measured window's. */
export const resetStatementStats = (url: string) =>
  withClient(url, async (c) => {
    await c.query('create extension if not exists pg_stat_statements');
    await c.query('select pg_stat_statements_reset()');
  });

export interface StatementStat {
  query: string;
  calls: number;
  totalMs: number;
  meanMs: number;
}

/** The statements of this database with the largest total time since the reset. */
export const topStatements = (url: string, limit = 10) =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ query: string; calls: string; total: number; mean: number }>(
      `select query, calls, total_exec_time as total, mean_exec_time as mean
         from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
        order by total_exec_time desc
        limit $1`,
      [limit],
    );
    const { rows: sum } = await c.query<{ total: number | null }>('select sum(total_exec_time) as total from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())');
    return {
      totalMs: Number(sum[0]?.total ?? 0),
      top: rows.map((r): StatementStat => ({ query: r.query.replace(/\s+/g, ' ').trim(), calls: Number(r.calls), totalMs: Number(r.total), meanMs: Number(r.mean) })),
    };
  });
