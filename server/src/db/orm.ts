import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { entities } from '../entities.ts';
import { migrationsList } from './migrations/index.ts';
import { resolveContext } from './request-context.ts';

export type Orm = MikroORM;

export function ormConfig(clientUrl: string, options: { debug?: boolean; poolMax?: number } = {}) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    debug: options.debug ?? false,
    pool: { min: 0, max: options.poolMax ?? 20 },
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
