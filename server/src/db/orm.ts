import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { Logger as WorkerLogger, runMigrations as installJobSchema } from 'graphile-worker';
import pg from 'pg';
import { entities } from '../entities.ts';
import { BoundPostgreSqlDriver } from './bound-driver.ts';
import { migrationsList } from './migrations/index.ts';
import { releaseLostConnections } from './pool-guard.ts';
import { RetryingEntityManager } from './retrying-em.ts';
import { resolveContext } from './request-context.ts';

export type Orm = MikroORM;

export function ormConfig(clientUrl: string, options: { debug?: boolean; poolMax?: number } = {}) {
  return defineConfig({
    clientUrl,
    // Values bound as parameters, statements prepared (bound-driver.ts), not inlined into the SQL text.
    driver: BoundPostgreSqlDriver,
    // Deadlocks and serialization failures retried once per transaction, not per route (retrying-em.ts).
    entityManager: RetryingEntityManager,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    debug: options.debug ?? false,
    pool: { min: 0, max: options.poolMax ?? 20 },
    driverOptions: {
      // A database that does not answer (network loss) fails a request with 503 instead of hanging it.
      connectionTimeoutMillis: 10_000,
      onPoolCreated: releaseLostConnections,
    },
    // Schema comes from the committed migrations only.
    ensureDatabase: false,
    discovery: { warnWhenNoEntities: false },
    // Per-request forks made lazily (request-context.ts).
    context: resolveContext,
  });
}

export async function createOrm(clientUrl: string, options: { debug?: boolean; poolMax?: number } = {}): Promise<Orm> {
  return MikroORM.init(ormConfig(clientUrl, options));
}

// Its failures throw; its progress lines are not worth a log entry at every start.
const quietWorkerLogger = new WorkerLogger(() => () => {});

/** One key for "this database is being migrated", shared by every process of the app. */
export const MIGRATE_LOCK = 726_113_001;

/**
 * The job queue's schema (graphile-worker's own migrations) first, since our migrations use it, then
 * ours. Under an advisory lock: replicas starting together migrate one after the other, and the
 * second finds nothing left to do (the legacy job rows move exactly once).
 */
export async function migrate(orm: Orm): Promise<void> {
  const url = orm.config.get('clientUrl') as string;
  const lock = new pg.Client({ connectionString: url });
  // A lost connection fails the query waiting on it; unlistened, it would crash the process.
  lock.on('error', () => {});
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATE_LOCK]);
    // A pool of ours that always handles its connections' errors (graphile-worker's own stops first).
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    try {
      await installJobSchema({ pgPool: pool, logger: quietWorkerLogger });
    } finally {
      await pool.end();
    }
    await orm.migrator.up();
  } finally {
    await lock.end().catch(() => {});
  }
}
