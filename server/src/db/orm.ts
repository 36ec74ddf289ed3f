import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import pg from 'pg';
import { entities } from '../entities.ts';
import { BoundPostgreSqlDriver } from './bound-driver.ts';
import { migrationsList } from './migrations/index.ts';
import { releaseLostConnections } from './pool-guard.ts';
import { resolveContext } from './request-context.ts';

export type Orm = MikroORM;

export function ormConfig(clientUrl: string, options: { debug?: boolean; poolMax?: number } = {}) {
  return defineConfig({
    clientUrl,
    // Values bound as parameters, statements prepared (bound-driver.ts), not inlined into the SQL text.
    driver: BoundPostgreSqlDriver,
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

/** Any constant, the same in every process: the advisory lock that lets one replica migrate at a time. */
const MIGRATION_LOCK = 7_262_013;

/**
 * Applies pending migrations. Replicas starting together on a new database would both create the
 * migrations table and the schema (and one would crash): a session-level advisory lock, held on a
 * connection of its own, makes the second wait and then find nothing left to do.
 */
export async function migrate(orm: Orm): Promise<void> {
  const lock = new pg.Client({ connectionString: orm.config.get('clientUrl') as string });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await orm.migrator.up();
  } finally {
    // Closing the session releases the lock even if the unlock is never reached.
    await lock.end().catch(() => {});
  }
}
