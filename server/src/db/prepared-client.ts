import { createHash } from 'node:crypto';
import pg from 'pg';

/** Listeners to every statement the app sends through one pool (the query counter, tests). */
export class StatementTap {
  readonly #listeners = new Set<(text: string) => void>();
  listen(listener: (text: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  emit(text: string) {
    for (const listener of this.#listeners) listener(text);
  }
}

/** How many statements one connection keeps prepared; past it the least recently used is deallocated. */
export const PREPARED_PER_CONNECTION = 200;

/** A prepared statement's name: the same text gets the same name on every connection. */
export const statementName = (text: string) => `s_${createHash('sha1').update(text).digest('base64url')}`;

type QueryFn = (...args: unknown[]) => unknown;
interface Internals {
  connection: { parsedStatements: Record<string, string> };
  getTransactionStatus(): string | null;
}

/**
 * pg's Client, except that a statement sent with parameters becomes a named prepared statement
 * (`{ name, text, values }`): PostgreSQL parses and analyses it once per connection and may reuse a
 * generic plan. A statement without parameters stays on the simple protocol (migrations hold
 * several commands, which a prepared statement cannot). Each connection keeps at most `limit`
 * statements (least recently used deallocated), so IN lists of varying length cannot fill the
 * server's memory. Every statement is reported to `tap` first.
 */
export function preparedStatementsClient(tap: StatementTap, limit = PREPARED_PER_CONNECTION): typeof pg.Client {
  class PreparedStatementsClient extends pg.Client {
    /** Names prepared on this connection, least recently used first. */
    readonly prepared = new Set<string>();
  }
  const query = pg.Client.prototype.query as QueryFn;
  PreparedStatementsClient.prototype.query = function (this: PreparedStatementsClient, ...args: unknown[]) {
    const [config, values, callback] = args;
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
      tap.emit(config);
      return runPrepared(this, query, config, values, limit);
    }
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    if (typeof text === 'string') tap.emit(text);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return PreparedStatementsClient;
}

// A migration by another replica that changes a table's columns makes PostgreSQL refuse a statement
// prepared before it ("cached plan must not change result type"): prepare it again.
const isStalePlan = (err: unknown) => (err as { code?: string }).code === '0A000' && /cached plan/.test(String((err as Error).message));

async function runPrepared(client: pg.Client & { prepared: Set<string>; stale?: string[] }, query: QueryFn, text: string, values: unknown[], limit: number) {
  const internals = client as unknown as Internals;
  const name = statementName(text);
  const prepared = client.prepared;
  const usable = internals.getTransactionStatus() !== 'E';
  const deallocate = async (old: string) => {
    await query.call(client, `deallocate "${old}"`);
    prepared.delete(old);
    delete internals.connection.parsedStatements[old];
  };
  // A failed transaction refuses even DEALLOCATE: such a statement runs unnamed.
  if (!usable) return query.call(client, text, values);
  for (const old of client.stale?.splice(0) ?? []) await deallocate(old);
  if (prepared.has(name)) prepared.delete(name);
  else if (prepared.size >= limit) await deallocate(prepared.values().next().value!);
  try {
    return await query.call(client, { name, text, values });
  } catch (err) {
    if (!isStalePlan(err)) throw err;
    if (internals.getTransactionStatus() === 'E') {
      (client.stale ??= []).push(name);
      throw err;
    }
    await deallocate(name);
    return await query.call(client, { name, text, values });
  } finally {
    // Only what PostgreSQL really prepared (a statement that failed to parse is not).
    if (internals.connection.parsedStatements[name] && !client.stale?.includes(name)) prepared.add(name);
  }
}
