import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

const capture = () => {
  const lines: string[] = [];
  return { lines, destination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) } };
};
const strip = stripVTControlCharacters;

describe('logger', () => {
  it('in development writes one readable line per request: method, path, status, time', () => {
    const { lines, destination } = capture();
    const logger = createLogger('info', { pretty: true, destination });
    logger.info({ reqId: 'abc', method: 'POST', path: '/api/issues', status: 201, ms: 12 }, 'request');
    logger.warn({ port: 3000 }, 'something to note');
    expect(lines).toHaveLength(2);
    expect(strip(lines[0]!)).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: POST \/api\/issues 201 12 ms$/);
    expect(strip(lines[1]!)).toMatch(/WARN: something to note \{"port":3000\}$/);
  });

  it('in production writes JSON lines with the request fields, secrets redacted', () => {
    const { lines, destination } = capture();
    const logger = createLogger('info', { destination });
    logger.info({ reqId: 'abc', method: 'GET', path: '/api/user/me', status: 401, ms: 3, token: 'secret' }, 'request');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: 'request', reqId: 'abc', method: 'GET', path: '/api/user/me', status: 401, ms: 3, token: '[redacted]' });
  });
});
