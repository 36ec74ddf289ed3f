import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import compress from 'koa-compress';
import { afterEach, describe, expect, it } from 'vitest';
import { clientHolds, createResponseCache, entityTag } from './response-cache.ts';

describe('clientHolds (If-None-Match)', () => {
  it('matches by weak comparison, in a list, and *', () => {
    expect(clientHolds('"a1"', '"a1"')).toBe(true);
    expect(clientHolds('W/"a1"', '"a1"')).toBe(true);
    expect(clientHolds('"x", "a1"', '"a1"')).toBe(true);
    expect(clientHolds('*', '"a1"')).toBe(true);
    expect(clientHolds('"a2"', '"a1"')).toBe(false);
    expect(clientHolds('', '"a1"')).toBe(false);
  });

  it('makes tags that differ with any part and keep their prefix', () => {
    expect(entityTag(['list', 1, 'q'])).not.toBe(entityTag(['list', 2, 'q']));
    expect(entityTag(['list', 1, 'q'])).toBe(entityTag(['list', 1, 'q']));
    expect(entityTag(['page'], '7.')).toMatch(/^"7\.[\w-]{22}"$/);
  });
});

describe('the store', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** An app answering GET /<tag> with a body of `size` bytes, through koa-compress as the real app. */
  async function serve(cache: ReturnType<typeof createResponseCache>, size = 2000) {
    const app = new Koa();
    app.use(compress({ threshold: 1024 }));
    // As the app's errorHandler: the answer changes, the headers already set stay.
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (err) {
        ctx.status = (err as { status: number }).status;
        ctx.body = { statusCode: ctx.status };
      }
    });
    app.use(async (ctx) => {
      const tag = `"${ctx.path.slice(1)}"`;
      await cache.send(ctx, tag, async () => {
        if (ctx.path === '/fail') throw Object.assign(new Error('bad cursor'), { status: 400, expose: true });
        return { tag, filler: 'x'.repeat(size) };
      });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return (path: string) => fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
  }

  it('stays within its size, forgetting the least recently used body', async () => {
    // Three bodies of ~2 KB fit, a fourth does not.
    const cache = createResponseCache({ maxBytes: 7000 });
    const get = await serve(cache);
    for (const tag of ['a', 'b', 'c', 'a']) await get(`/${tag}`);
    expect(cache.stats()).toEqual({ hits: 1, misses: 3, notModified: 0 });
    await get('/d'); // b goes: a was used after it
    await get('/a');
    await get('/b');
    expect(cache.stats()).toEqual({ hits: 2, misses: 5, notModified: 0 });
  });

  it('answers a failed load as an error without a validator, and stores nothing', async () => {
    const cache = createResponseCache();
    const get = await serve(cache);
    for (let n = 0; n < 2; n++) {
      const res = await get('/fail');
      expect(res.status).toBe(400);
      expect(res.headers.get('etag')).toBeNull();
    }
    expect(cache.stats().hits).toBe(0);
  });
});
