import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Logger } from '../logger.ts';
import { createTestDatabase } from '../test/harness.ts';
import { createPgListener } from './pg-listener.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

/** Records what the listener logs, by level. */
function recordingLogger() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, obj, msg });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') } as unknown as Logger };
}

describe('LISTEN connection', () => {
  it('takes a database shutdown of its session as expected: one info line, no error with a stack, then reconnects', async () => {
    const url = await createTestDatabase();
    const { lines, logger } = recordingLogger();
    const states: boolean[] = [];
    let onChange = () => {};
    const listener = createPgListener({ databaseUrl: url, logger, channels: ['tracker_test_channel'], onNotification: () => {}, onState: (s) => (states.push(s), onChange()) });
    cleanup.push(() => listener.close());
    const stateCount = (n: number) => new Promise<void>((resolve) => ((onChange = () => states.length >= n && resolve()), onChange()));
    await listener.ensure();
    await stateCount(1);

    // What PostgreSQL does to every session when it is stopped (fast shutdown, e.g. Ctrl-C): 57P01.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanup.push(() => admin.end());
    const { rowCount } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'",
    );
    expect(rowCount).toBe(1);
    await stateCount(3);

    expect(states).toEqual([true, false, true]);
    expect(lines.filter((l) => l.level !== 'info')).toEqual([]);
    expect(lines.map((l) => l.msg)).toEqual(['LISTEN connection closed: the database is shutting down', 'LISTEN connection back']);
    expect(JSON.stringify(lines)).not.toMatch(/stack/);
  });
});
