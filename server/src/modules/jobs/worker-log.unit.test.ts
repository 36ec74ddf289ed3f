import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { quietDatabaseTraces, workerLogger } from './worker-log.ts';

function capture() {
  const lines: { level: number; msg: string }[] = [];
  const logger = createLogger('debug', { destination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean).map((l) => JSON.parse(l))) } });
  return { lines, log: workerLogger(logger) };
}

describe("graphile-worker's log in ours", () => {
  it('keeps chatter and database outages at debug, job failures at warn, other errors at error', () => {
    const { lines, log } = capture();
    log.info('Worker connected and looking for jobs...');
    log.error('Failed task 1 (mail.send) with error refused', { failure: true, error: new Error('refused') });
    log.error('Error with notify listener', { error: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
    log.error('Could not completeJobs; queue is in an inconsistent state', { error: new Error('boom') });
    log.error("Failed to complete jobs '138'", { fatalError: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
    log.warn('Something odd');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'Worker connected and looking for jobs...'],
      [40, 'Failed task 1 (mail.send) with error refused'],
      [20, 'Error with notify listener'],
      [50, 'Could not completeJobs; queue is in an inconsistent state'],
      [20, "Failed to complete jobs '138'"],
      [40, 'Something odd'],
    ]);
  });

  it("sends a worker's exit trace to debug when the database went away, and prints any other", () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = createLogger('debug', { destination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean).map((l) => JSON.parse(l))) } });
    const printed: unknown[][] = [];
    const original = console.trace;
    console.trace = (...args: unknown[]) => void printed.push(args);
    try {
      quietDatabaseTraces(logger);
      console.trace(new Error('Connection terminated unexpectedly'));
      console.trace(new Error('a real bug'));
    } finally {
      console.trace = original;
    }
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[20, 'job worker exited: the database went away']]);
    expect(printed.map((a) => String(a[0]))).toEqual(['Error: a real bug']);
  });
});
