import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
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

export async function migrate(orm: Orm): Promise<void> {
  await orm.migrator.up();
}
