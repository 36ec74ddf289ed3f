import type { TestServer } from './harness.ts';

/**
 * Records the SQL the app runs with its values inlined (MikroORM's query log), ready for EXPLAIN:
 * the returned function runs `fn` and gives the statements it ran.
 */
export function inlinedQueries(t: TestServer): (fn: () => Promise<unknown>) => Promise<string[]> {
  const queries: string[] = [];
  let recording = false;
  const logger = t.orm.config.getLogger();
  logger.setDebugMode(['query', 'query-params']);
  logger.logQuery = (context: { query: string; formatted?: string }) => {
    if (recording) queries.push(context.formatted ?? context.query);
  };
  return async (fn) => {
    queries.length = 0;
    recording = true;
    try {
      await fn();
    } finally {
      recording = false;
    }
    return [...queries];
  };
}

/**
 * The keys of the full Sorts in an EXPLAIN text on the given columns (by default issues' `i.` and
 * projects' `p.`): such a Sort orders every matching issue, which a sort index avoids. Sorts inside
 * the labels and streams subplans order one issue's few links, and an Incremental Sort on an index's
 * order is fine.
 */
export const issueSortKeys = (plan: string, columns = /\b[ip]\./) =>
  [...plan.matchAll(/(?:^|->)\s*Sort\s+\([^\n]*\n\s*Sort Key: ([^\n]*)/gm)].map((m) => m[1]!).filter((key) => columns.test(key));
