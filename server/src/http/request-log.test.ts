// The request log writes the status the client got (issue 11, L5): it used to run inside the error
// handler and saw every thrown 4xx/5xx as 404.
import Router from '@koa/router';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { tooManyRequests } from './errors.ts';

const lines: { msg: string; status?: number; path?: string; method?: string; reqId?: string }[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as (typeof lines)[number]);
    done();
  },
});

let t: TestServer;
beforeAll(async () => {
  // Two causes no public route can be made to show on demand: a limit reached, and a fault.
  const faults = new Router();
  faults.get('/api/test/limited', () => {
    throw tooManyRequests(30);
  });
  faults.get('/api/test/broken', () => {
    throw new Error('boom');
  });
  t = await createTestServer({ PUBLIC_URL: 'http://tracker.test' }, { logger: pino({ level: 'info' }, sink), extraRouters: [faults] });
});
afterAll(() => t.close());

const logged = (path: string) => lines.filter((l) => l.msg === 'request' && l.path === path);

describe('request log', () => {
  it('logs the status each error answered with', async () => {
    const c = t.client();
    const calls: [number, string, () => Promise<{ status: number }>][] = [
      [400, '/api/auth/login', () => c.post('/api/auth/login', { email: 'not an e-mail' })],
      [401, '/api/user/me', () => c.get('/api/user/me')],
      [403, '/api/auth/register', () => c.post('/api/auth/register', {}, { origin: 'https://evil.example' })],
      [404, '/api/no/such/path', () => c.get('/api/no/such/path')],
      [413, '/api/auth/recover-password', () => c.post('/api/auth/recover-password', { email: 'x'.repeat(2 * 1024 * 1024) })],
      [429, '/api/test/limited', () => c.get('/api/test/limited')],
      [500, '/api/test/broken', () => c.get('/api/test/broken')],
    ];
    for (const [status, path, call] of calls) {
      expect((await call()).status, path).toBe(status);
      await expect.poll(() => logged(path).map((l) => l.status), { message: path }).toEqual([status]);
    }
  });

  it('logs the fault once, with the request id the response carries', async () => {
    const res = await t.client().get('/api/test/broken');
    const reqId = res.headers.get('x-request-id');
    await expect.poll(() => lines.filter((l) => l.reqId === reqId).map((l) => [l.msg, 'status' in l ? l.status : null])).toEqual([
      ['unhandled error', null],
      ['request', 500],
    ]);
  });
});
