// Connections of their own, beside the ORM's pool, for what needs one: graphile-worker's pools, the
// connection that holds the job pools' liveness locks, a backup's or a restore's session. Each one
// listens for its connections' errors: a connection PostgreSQL closes (a restart, Ctrl-C reaching the
// embedded one) emits 'error', which unlistened crashes the process; the query in flight rejects anyway.
import pg from 'pg';

export type PgPool = pg.Pool;
export type PgClient = pg.Client;

/** A pool whose errors, and its connections', go to `onError`. */
export function ownPool(connectionString: string, options: { max: number; onError: (err: Error) => void }): PgPool {
  const pool = new pg.Pool({ connectionString, max: options.max });
  pool.on('error', options.onError);
  pool.on('connect', (client) => client.on('error', options.onError));
  return pool;
}

/** A client, not yet connected, named `applicationName` in pg_stat_activity. */
export function ownClient(connectionString: string, applicationName?: string): PgClient {
  const client = new pg.Client({ connectionString, ...(applicationName && { application_name: applicationName }) });
  client.on('error', () => {});
  return client;
}

/** Runs `work` on a connection opened for it, and closes that connection after. */
export async function onOwnConnection<T>(connectionString: string, work: (client: PgClient) => Promise<T>): Promise<T> {
  const client = ownClient(connectionString);
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether the database answers on `pool` now. */
export const databaseAnswers = (pool: PgPool): Promise<boolean> => pool.query('select 1').then(
  () => true,
  () => false,
);
