import type pg from 'pg';

/**
 * Gives the pool back connections that died while checked out and that nobody will release.
 * Kysely 0.29 (under MikroORM 7) releases a transaction's connection only when BEGIN, COMMIT or
 * ROLLBACK succeeds (kysely-org/kysely#1990): when the database dies mid-transaction, the ROLLBACK
 * fails too and the connection stays checked out forever. A kill under load leaked enough of them
 * to starve the pool (every later request hung instead of recovering) and `pool.end()` waited for
 * them at shutdown. A connection that has ended is useless to its holder, so once its holder had
 * the chance to release it, it is released with an error (the pool drops it), and a late release
 * by the holder becomes a no-op instead of pg-pool's double-release exception.
 */
export function releaseLostConnections(pool: pg.Pool, graceMs = 100) {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client as pg.PoolClient));
  pool.on('connect', (client) => {
    client.once('end', () => {
      setTimeout(() => {
        const held = client as pg.PoolClient;
        if (!checkedOut.has(held)) return;
        checkedOut.delete(held);
        const release = held.release;
        held.release = () => {};
        release(new Error('connection lost while checked out'));
      }, graceMs).unref();
    });
  });
}
