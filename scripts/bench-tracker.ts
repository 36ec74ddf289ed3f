// Issue 13's bench: the tracker under a mixed load users would recognise, on 100,000 issues in 5
// projects with 50 users, and the list query's ceiling on the same machine in the same run.
import os from 'node:os';
import path from 'node:path';
import { startBareServer } from './bench-bare.ts';
import { listCeiling } from './bench-ceiling.ts';
import { postgresCpuMs, resetStatementStats, STATEMENT_STATS_SETTINGS, topStatements, type StatementStat } from './bench-db-stats.ts';
import { openBenchData, signedInUsers, startBenchServer } from './bench-server.ts';
import type { LoadPlan } from './load-mix.ts';
import type { ClassFigures, Group } from './load-run.ts';
import { spawnLoad } from './load-spawn.ts';

type Report = (name: string, value: number, unit: string, budget?: number, atLeast?: boolean) => void;
type CacheStats = { hits: number; misses: number; notModified: number };

const SHAPE = { issues: 100_000, users: 50 };
const CONNECTIONS = 50;
/** Users 2…21 (user 1 is the admin), each signed in once, their sessions shared by 2–3 connections. */
const SIGNED_IN = Array.from({ length: 20 }, (_, i) => i + 2);
const SECRET = 'b'.repeat(64);

export async function benchTracker(report: Report) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 60);
  const dataDir = path.join(os.tmpdir(), 'tracker-bench-data');
  const db = await openBenchData(dataDir, SHAPE, false, STATEMENT_STATS_SETTINGS);
  try {
    // DB_POOL_MAX from the environment tries another pool size against the same load.
    const server = await startBenchServer(db.url, dataDir, { SESSION_SECRET: SECRET, ...(process.env.DB_POOL_MAX ? { DB_POOL_MAX: process.env.DB_POOL_MAX } : {}) });
    try {
      const users = await signedInUsers(server.base, db.url, SIGNED_IN);
      const plan: LoadPlan = { base: server.base, users, connections: CONNECTIONS, seconds, warmup: Math.min(5, seconds) };
      const cache = server.services.responseCache as { stats?: () => CacheStats } | undefined;
      const snapshots: Partial<Record<'measuring' | 'done', CacheStats>> = {};
      // The measured window's database statements and CPU, and the server's (this process serves; the load runs in its own).
      const databaseDir = path.join(dataDir, 'pg');
      const cpu: Partial<Record<'measuring' | 'done', { db: number; server: number }>> = {};
      let reset: Promise<void> = Promise.resolve();
      const measured: { statements?: Promise<{ totalMs: number; top: StatementStat[] }> } = {};
      console.log(`\nMixed load: ${CONNECTIONS} connections, ${users.length} signed-in users, ${seconds} s after a ${plan.warmup} s warm-up, Accept-Encoding: br, gzip, against ${SHAPE.issues.toLocaleString('en')} issues…`);
      const load = await spawnLoad(plan, (phase) => {
        const stats = cache?.stats?.();
        if (stats) snapshots[phase] = { ...stats };
        const { user, system } = process.cpuUsage();
        cpu[phase] = { db: postgresCpuMs(databaseDir), server: (user + system) / 1000 };
        if (phase === 'measuring') reset = resetStatementStats(db.url);
        else measured.statements = reset.then(() => topStatements(db.url));
      });
      const ceilingSeconds = Math.max(3, Math.min(15, Math.round(seconds / 4)));
      const ceiling = await listCeiling(db.url, users, { connections: CONNECTIONS, seconds: ceilingSeconds, secret: SECRET });

      printTable(load.classes);
      const ratio = Math.round((load.classes.list.rps / ceiling.qps) * 1000) / 10;
      console.log(`ceiling: the list query as ${ceiling.statements} prepared statements on pg, ${CONNECTIONS} clients, ${ceilingSeconds} s: ${ceiling.qps} queries/s; lists reach ${ratio} % of it`);
      console.log(`  slowest list queries (mean under that load): ${ceiling.slowest.map((q) => `${q.ms} ms ${decodeURIComponent(q.path)}`).join('; ')}`);
      console.log(`response bodies: ${Object.entries(load.encodings).map(([k, v]) => `${k} ${v}`).join(', ')}; ${load.validated} decoded and checked`);
      const { measuring: from, done: to } = snapshots;
      if (from && to) {
        const d = { hits: to.hits - from.hits, misses: to.misses - from.misses, notModified: to.notModified - from.notModified };
        const total = d.hits + d.misses + d.notModified;
        console.log(`server response cache (measured window): ${d.hits} hits, ${d.misses} misses, ${d.notModified} not modified; hit ratio ${total ? Math.round(((d.hits + d.notModified) / total) * 1000) / 10 : 0} %`);
      } else console.log('server response cache: n/a (this server has no responseCache.stats())');

      const window = measured.statements ? await measured.statements : null;
      if (window) {
        console.log(`database statements in the measured window, by total time (pg_stat_statements; ${Math.round(window.totalMs)} ms in all):`);
        for (const s of window.top) console.log(`  ${String(Math.round(s.totalMs)).padStart(7)} ms ${String(Math.round((s.totalMs / (window.totalMs || 1)) * 100)).padStart(3)} %  ${String(s.calls).padStart(6)} calls  ${s.meanMs.toFixed(2).padStart(7)} ms mean  ${s.query.slice(0, 110)}`);
      }

      report('read p95 (lists, issue pages, searches)', load.classes.read.p95, 'ms', 100);
      report('read p99', load.classes.read.p99, 'ms', 200);
      report('write p95 (create, comment, status change)', load.classes.write.p95, 'ms', 150);
      report('cycle page p95 (issue 29: scope, burndown, velocity)', load.classes.cycle.p95, 'ms', 150);
      report('insights chart p95 (3 % of the mix)', load.classes.insights.p95, 'ms', 150);
      report('throughput, all requests', load.classes.all.rps, 'req/s', 600, true);
      report('list throughput / ceiling', ratio, '%', 40, true);
      if (cpu.measuring && cpu.done && load.classes.all.requests) {
        const per = (ms: number) => Math.round((ms / load.classes.all.requests) * 100) / 100;
        report('database CPU per request', per(cpu.done.db - cpu.measuring.db), 'ms', 1.2);
        report('server CPU per request', per(cpu.done.server - cpu.measuring.server), 'ms');
      }
      report('errors (non-2xx/304, socket errors)', load.classes.all.errors, 'responses', 0);
      if (load.errorSamples.length) console.log(`  for example:\n    ${load.errorSamples.join('\n    ')}`);

      // The bare handler, lists only, the same users and connections; the product's lists are those
      // of the mixed load (as for the ceiling): a lists-only run would keep its response cache warm
      // with no writes to invalidate it, which no team's day does.
      const bare = await startBareServer(db.url, SECRET, server.poolMax);
      try {
        const bareLoad = await spawnLoad({ ...plan, base: bare.base, only: 'list', seconds: ceilingSeconds, warmup: 3 });
        const share = Math.round((load.classes.list.rps / (bareLoad.classes.list.rps || 1)) * 1000) / 10;
        console.log(`bare handler (node:http + pg: the same session statement, list query and compression), lists only, ${CONNECTIONS} connections, ${ceilingSeconds} s: ${bareLoad.classes.list.rps} req/s, p95 ${bareLoad.classes.list.p95} ms; the product's lists under the mixed load reach ${share} % of it`);
        report('lists, share of the bare handler', share, '%', 60, true);
        if (bareLoad.classes.all.errors) console.log(`  the bare handler answered ${bareLoad.classes.all.errors} errors, e.g. ${bareLoad.errorSamples[0]}`);
      } finally {
        await bare.close();
      }
    } finally {
      await server.close();
    }
  } finally {
    await db.stop();
  }
}

function printTable(classes: Record<Group, ClassFigures>) {
  const rows: [string, Group][] = [['lists', 'list'], ['issue pages', 'issue'], ['searches', 'search'], ['writes', 'write'], ['cycle pages', 'cycle'], ['insights', 'insights'], ['all reads', 'read'], ['all', 'all']];
  const cols = ['requests', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', '304s', 'errors'];
  console.log(`${''.padEnd(12)}${cols.map((c) => c.padStart(10)).join('')}`);
  for (const [label, g] of rows) {
    const c = classes[g];
    console.log(`${label.padEnd(12)}${[c.requests, c.p50, c.p95, c.p99, c.rps, c.notModified, c.errors].map((v) => String(v).padStart(10)).join('')}`);
  }
}
