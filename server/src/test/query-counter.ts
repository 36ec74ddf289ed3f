import type { BoundPostgreSqlConnection } from '../db/bound-driver.ts';
import type { Orm } from '../db/orm.ts';
import { inRequest } from '../db/request-context.ts';

/**
 * The statements `fn` makes the app send to PostgreSQL, as the pg client sends them (bound text,
 * `begin`/`commit` included), counting only those sent while serving an HTTP request: the job
 * worker, the bot and the test's own setup share the pool but not the request's async context.
 */
export async function recordStatements(orm: Orm, fn: () => Promise<unknown>, counts: () => boolean = inRequest): Promise<string[]> {
  const statements: string[] = [];
  const stop = (orm.em.getConnection() as BoundPostgreSqlConnection).statements.listen((text) => {
    if (counts()) statements.push(text);
  });
  try {
    await fn();
    return statements;
  } finally {
    stop();
  }
}

/** How many statements `fn`'s requests send to PostgreSQL (to assert an exact budget). */
export const countStatements = async (orm: Orm, fn: () => Promise<unknown>, counts?: () => boolean) => (await recordStatements(orm, fn, counts)).length;
