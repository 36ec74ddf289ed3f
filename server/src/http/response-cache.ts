import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';

type Encoding = 'br' | 'gzip' | 'identity';

interface Entry {
  body: Buffer;
  encoding: Encoding;
}

export interface ResponseCacheStats {
  hits: number;
  misses: number;
  notModified: number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// As koa-compress is set up in app.ts: below this, compressing costs more than it saves.
const THRESHOLD = 1024;

async function encode(json: Buffer, encoding: Encoding): Promise<Entry> {
  if (encoding === 'identity' || json.length < THRESHOLD) return { body: json, encoding: 'identity' };
  const body = encoding === 'br' ? await brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : await gzip(json, { level: 6 });
  return { body, encoding };
}

/**
 * If-None-Match by RFC 9110 §13.1.2 (weak comparison). Not `ctx.fresh`: it answers "stale" to any
 * request with `Cache-Control: no-cache`, which fetch() adds to every request carrying If-None-Match.
 * This origin knows its tag is current, so the request directive changes nothing here.
 */
export function clientHolds(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** A strong ETag from everything a body depends on (versions, viewer, query…); `prefix` stays readable in it. */
export function entityTag(parts: readonly unknown[], prefix = ''): string {
  const digest = createHash('sha256').update(parts.map(String).join('\u0000')).digest('base64url').slice(0, 22);
  return `"${prefix}${digest}"`;
}

/**
 * JSON bodies kept compressed under their ETag (one entry per ETag and encoding), in a bounded LRU.
 * The ETag is computed by the caller from data versions read in the same query that checks access
 * (see issue-read-access.repository.ts), so an entry can never be served for stale data or to a
 * caller who may not see it: a changed version is a new ETag, and the old entry just ages out. A hit
 * costs no JSON serialisation and no compression; a matching If-None-Match costs no body at all.
 */
export function createResponseCache({ maxBytes = 64 * 1024 * 1024 }: { maxBytes?: number } = {}) {
  const entries = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (e) => e.body.length || 1 });
  // Concurrent misses of one entry share one serialisation and compression.
  const pending = new Map<string, Promise<Entry>>();
  const counts: ResponseCacheStats = { hits: 0, misses: 0, notModified: 0 };

  async function entryFor(key: string, encoding: Encoding, load: () => Promise<unknown>): Promise<Entry> {
    const hit = entries.get(key);
    if (hit) {
      counts.hits++;
      return hit;
    }
    counts.misses++;
    let making = pending.get(key);
    if (!making) {
      making = load()
        .then((value) => encode(Buffer.from(JSON.stringify(value)), encoding))
        .then((entry) => (entries.set(key, entry), entry))
        .finally(() => pending.delete(key));
      pending.set(key, making);
    }
    return making;
  }

  return {
    /**
     * Answers a GET with the body `load()` makes, tagged `etag`: 304 when the client holds it,
     * else the stored compressed bytes. Any other method just gets the body with its tag.
     */
    async send(ctx: Context, etag: string, load: () => Promise<unknown>): Promise<void> {
      ctx.status = 200;
      ctx.set('ETag', etag);
      // The browser keeps it but asks every time, so it gets its 304s; no shared cache keeps it.
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.vary('Accept-Encoding');
      if ((ctx.method === 'GET' || ctx.method === 'HEAD') && clientHolds(ctx.get('if-none-match'), etag)) {
        counts.notModified++;
        ctx.status = 304;
        return;
      }
      const encoding = (ctx.acceptsEncodings('br', 'gzip', 'identity') || 'identity') as Encoding;
      let entry: Entry;
      try {
        entry = await entryFor(`${encoding} ${etag}`, encoding, load);
      } catch (err) {
        // An error answer (a bad cursor…) carries no validator of the body it did not become.
        ctx.remove('ETag');
        ctx.remove('Cache-Control');
        throw err;
      }
      ctx.type = 'application/json';
      if (entry.encoding !== 'identity') ctx.set('Content-Encoding', entry.encoding);
      // Already compressed (or too small to be worth it): koa-compress must leave it alone.
      ctx.compress = false;
      ctx.body = entry.body;
    },
    stats: (): ResponseCacheStats => ({ ...counts }),
    /** Forgets every stored body (tests that count the queries of a miss). */
    clear() {
      entries.clear();
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
