// The load driver against a stand-in server that answers as a caching server would: revalidation
// with ETags (a 304 is a success), scrolling by `nextCursor` out of Brotli bodies, browser headers on
// writes, and failures counted as errors with an example.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanUser } from './load-mix.ts';
import { runLoad } from './load-run.ts';

const seen: { method: string; url: string; headers: IncomingMessage['headers'] }[] = [];
let failSearches = false;
const server = createServer((req, res) => {
  seen.push({ method: req.method!, url: req.url!, headers: req.headers });
  req.resume();
  if (req.method !== 'GET') {
    res.writeHead(req.headers.origin && req.headers['sec-fetch-site'] === 'same-origin' ? 201 : 403).end('{}');
    return;
  }
  if (failSearches && req.url!.startsWith('/api/search')) {
    res.writeHead(500, { 'content-type': 'application/json' }).end('{"statusMessage":"boom"}');
    return;
  }
  const etag = `"${req.url!.length}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag }).end();
    return;
  }
  const body = JSON.stringify({ issues: Array.from({ length: 50 }, (_, i) => ({ id: i, title: 'Починить вход' })), nextCursor: `page${seen.length}` });
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br', etag }).end(brotliCompressSync(body));
});
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

// One user with a single small project, so the same URLs come back and get revalidated.
const user: PlanUser = { id: 1, cookie: 'sid=abc', projects: [{ id: 1, key: 'WEB', locale: 'ru', canWrite: true, statuses: [{ id: 5, category: 'started' }], labels: [], issues: 3, cycles: [1] }] };

describe('load driver', () => {
  it('revalidates with the ETags it saw, counts 304s as successes, scrolls with nextCursor and sends browser headers on writes', async () => {
    seen.length = 0;
    const result = await runLoad({ base, users: [user], connections: 4, seconds: 1.5, warmup: 0.2 });
    expect(result.errorSamples).toEqual([]);
    expect(result.classes.all.errors).toBe(0);
    expect(result.classes.issue.notModified).toBeGreaterThan(0);
    expect(result.classes.read.notModified).toBe(result.classes.list.notModified + result.classes.issue.notModified + result.classes.search.notModified);
    expect(seen.some((r) => r.headers['if-none-match'])).toBe(true);
    expect(seen.some((r) => /[?&]cursor=page\d+/.test(r.url))).toBe(true);
    expect(seen.every((r) => r.headers.cookie === 'sid=abc' && r.headers['accept-encoding'] === 'br, gzip')).toBe(true);
    const writes = seen.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((r) => r.headers.origin === base && r.headers['content-type'] === 'application/json')).toBe(true);
    expect(result.encodings.br).toBeGreaterThan(0);
  });

  it('counts a failing answer as an error of its class and shows an example', async () => {
    failSearches = true;
    try {
      const result = await runLoad({ base, users: [user], connections: 4, seconds: 1, warmup: 0 });
      expect(result.classes.search.errors).toBe(result.classes.search.requests);
      expect(result.classes.search.requests).toBeGreaterThan(0);
      expect(result.classes.list.errors).toBe(0);
      expect(result.classes.all.errors).toBe(result.classes.search.errors);
      expect(result.errorSamples[0]).toMatch(/^500 \{"statusMessage":"boom"\} ← GET \/api\/search\?q=/);
    } finally {
      failSearches = false;
    }
  });
});
