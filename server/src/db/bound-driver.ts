import { isRaw, raw, type AnyEntity, type Configuration, type Dictionary, type EntityData, type LogContext, type LoggingOptions, type QueryResult, type RawQueryFragment, type Transaction } from '@mikro-orm/core';
import { PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { NativeQueryBuilder } from '@mikro-orm/sql';
import { CompiledQuery } from 'kysely';
import { bindParams } from './bind-params.ts';
import { preparedStatementsClient, StatementTap } from './prepared-client.ts';

type Query = string | NativeQueryBuilder | RawQueryFragment;
type Params = readonly unknown[] | Dictionary<unknown>;
type Platform = Parameters<typeof bindParams>[2];

/**
 * MikroORM 7.2 inlines every value into the SQL text it sends (mikro-orm#8001), so PostgreSQL parses
 * and plans each statement anew. This connection sends the placeholders as `$n` with the values
 * bound (QueryBuilder, `em.find`, flushes and `execute` alike), through a pg Client that prepares
 * every statement with parameters (prepared-client.ts).
 */
export class BoundPostgreSqlConnection extends PostgreSqlConnection {
  /** Every statement this connection's pool sends to PostgreSQL. */
  readonly statements = new StatementTap();

  override createKyselyDialect(overrides: Dictionary) {
    return super.createKyselyDialect({ ...overrides, Client: preparedStatementsClient(this.statements) });
  }

  #bind(query: Query, params: Params = []) {
    if (query instanceof NativeQueryBuilder) query = query.toRaw();
    if (typeof query === 'string' && !Array.isArray(params)) query = raw(query, params);
    if (isRaw(query)) {
      params = query.params;
      query = query.sql;
    }
    const list = params as readonly unknown[];
    const sql = this.config.get('onQuery')(query as string, list);
    return { sql, params: list, bound: bindParams(sql, list, this.platform as unknown as Platform) };
  }

  /**
   * What the query log shows: the text, or with `query-params` logging the values inlined (log
   * only). The inlined text (`formatted`) is made only for a log that is on, or for a `logQuery`
   * installed on the logger itself (tests that EXPLAIN the statements they saw), as MikroORM did.
   */
  #logged(sql: string, params: readonly unknown[], context?: LogContext) {
    const logger = this.config.getLogger();
    if (!logger.isEnabled('query', context) && !Object.hasOwn(logger, 'logQuery')) return { sql };
    const formatted = this.platform.formatQuery(sql, params);
    return { sql: logger.isEnabled('query-params', context) ? formatted : sql, formatted };
  }

  override async execute<T extends QueryResult | EntityData<AnyEntity> | EntityData<AnyEntity>[] = EntityData<AnyEntity>[]>(
    query: Query,
    params: Params = [],
    method: 'all' | 'get' | 'run' = 'all',
    ctx?: Transaction,
    loggerContext?: LoggingOptions,
  ): Promise<T> {
    await this.ensureConnection();
    const q = this.#bind(query, params);
    const { signal, inflightQueryAbortStrategy, ...logContext } = (loggerContext ?? {}) as LogContext & { signal?: AbortSignal; inflightQueryAbortStrategy?: unknown };
    const abort = signal || inflightQueryAbortStrategy ? { signal, inflightQueryAbortStrategy } : undefined;
    const logged = this.#logged(q.sql, q.params, logContext);
    return this.executeQuery(
      logged.sql,
      async () => {
        const compiled = CompiledQuery.raw(q.bound.text, q.bound.values);
        const executor = (ctx ?? this.getClient()) as unknown as { executeQuery(c: CompiledQuery, a?: unknown): Promise<unknown> };
        return this.transformRawResult<T>(await executor.executeQuery(compiled, abort), method);
      },
      { query: q.sql, params: q.params, formatted: logged.formatted, ...logContext } as LogContext,
    );
  }

  override async *stream<T extends EntityData<AnyEntity>>(query: Query, params: Params = [], ctx?: Transaction, loggerContext?: LoggingOptions, chunkSize?: number): AsyncIterableIterator<T> {
    await this.ensureConnection();
    const q = this.#bind(query, params);
    const compiled = { query: { kind: 'SelectQueryNode' }, sql: q.bound.text, parameters: q.bound.values };
    const executor = ((ctx ?? this.getClient()) as unknown as { getExecutor(): { stream(c: unknown, size: number): AsyncIterable<{ rows: unknown[] }> } }).getExecutor();
    const logged = this.#logged(q.sql, q.params, loggerContext);
    this.logQuery(logged.sql, { ...loggerContext, params: q.params, formatted: logged.formatted } as LogContext);
    for await (const items of executor.stream(compiled, chunkSize ?? 100)) {
      for (const row of this.transformRawResult<T[]>(items, 'all')) yield row;
    }
  }
}

/** PostgreSqlDriver on the bound connection (orm.ts's `driver`). */
export class BoundPostgreSqlDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    (this as unknown as { connection: BoundPostgreSqlConnection }).connection = new BoundPostgreSqlConnection(this.config);
  }
}
