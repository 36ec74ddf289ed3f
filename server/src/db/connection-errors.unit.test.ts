import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableReason } from './connection-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a Unix socket whose server is down', Object.assign(withCode('connect ENOENT /data/pg/.s.PGSQL.5432', 'ENOENT'), { syscall: 'connect' })],
    ['a dual-stack connect failing on both addresses', new AggregateError([withCode('::1', 'ECONNREFUSED'), withCode('127.0.0.1', 'ECONNREFUSED')])],
    ['admin_shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['crash_shutdown', withCode('terminating connection because of crash of another server process', '57P02')],
    ['cannot_connect_now', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['a socket that closed mid-query', new Error('Connection terminated unexpectedly')],
    ['a client broken earlier', new Error('Client has encountered a connection error and is not queryable')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a wrapper that keeps the driver error as its cause', new Error('query failed', { cause: withCode('x', 'ECONNRESET') })],
  ])('recognises %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near', '42601')],
    ['a missing file', withCode('ENOENT: no such file or directory', 'ENOENT')],
    ['an outgoing HTTP call failing on its socket', new TypeError('fetch failed', { cause: withCode('socket hang up', 'ECONNRESET') })],
    ['a plain bug', new Error('Cannot read properties of undefined')],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('says why in one line, without a stack', () => {
    expect(unavailableReason(withCode('connect ECONNREFUSED 127.0.0.1:5432\n    at x', 'ECONNREFUSED'))).toBe('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432');
  });
});
