import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { workerLogger } from './worker-log.ts';

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
    log.warn('Something odd');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'Worker connected and looking for jobs...'],
      [40, 'Failed task 1 (mail.send) with error refused'],
      [20, 'Error with notify listener'],
      [50, 'Could not completeJobs; queue is in an inconsistent state'],
      [40, 'Something odd'],
    ]);
  });
});
