// The ping job's one statement: its notice on its channel, sent through the job's own connection.
import type { Queryable } from './enqueue.ts';

export async function announcePing(db: Queryable, channel: string, notice: unknown): Promise<void> {
  await db.query('select pg_notify($1, $2)', [channel, JSON.stringify(notice)]);
}
