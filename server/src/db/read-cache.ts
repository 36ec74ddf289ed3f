import type { Context } from 'koa';
import type { Logger } from '../logger.ts';
import { createPgListener } from './pg-listener.ts';

/** Channel of the statement-level triggers on every table that reads depend on (see the change_notify migration). */
export const DATA_CHANGED_CHANNEL = 'tracker_data_changed';

export interface ReadCacheOptions {
  databaseUrl: string;
  logger: Logger;
  maxEntries?: number;
  /** A safety net only: entries are normally dropped by a change notification long before. */
  ttlMs?: number;
  /** Off: every read goes to the database (no LISTEN connection either). */
  enabled?: boolean;
}

interface Entry {
  value: unknown;
  expires: number;
}

/**
 * Results of hot reads (sessions, signed-in users, issue lists, search, issue pages), kept until
 * the database changes. Every table that feeds them has a trigger that NOTIFYs on commit, so any
 * write by any server instance (or by hand in psql) empties every instance's cache; this instance's
 * own writes empty it before their response is sent, so a client always reads its own writes.
 * While the LISTEN connection is down nothing is cached, since a change could go unheard.
 */
export function createReadCache({ databaseUrl, logger, maxEntries = 5000, ttlMs = 60_000, enabled: wanted = true }: ReadCacheOptions) {
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<unknown>>();
  let version = 0;
  let enabled = false;
  const invalidate = () => {
    version++;
    entries.clear();
  };
  const listener = createPgListener({
    databaseUrl,
    logger,
    channels: [DATA_CHANGED_CHANNEL],
    onNotification: invalidate,
    onState(listening) {
      invalidate();
      enabled = listening;
    },
  });
  if (wanted) void listener.ensure();

  return {
    /** The cached result for `key`, or `load()`'s — stored only if nothing changed while it ran. */
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!enabled) return load();
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.value as T;
      const started = version;
      // Concurrent misses of one key share one load (no stampede when a hot entry is dropped).
      const flightKey = `${version}\u0000${key}`;
      const flying = inflight.get(flightKey);
      if (flying) return flying as Promise<T>;
      const loading = load().then((value) => {
        if (started === version && enabled) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, { value, expires: Date.now() + ttlMs });
        }
        return value;
      });
      inflight.set(flightKey, loading);
      try {
        return await loading;
      } finally {
        inflight.delete(flightKey);
      }
    },
    /**
     * A JSON response body through the cache, kept serialised: a hit costs no JSON.stringify and no
     * UTF-8 encoding, and Koa knows its length without serialising it again.
     */
    async json(ctx: Context, key: string, load: () => Promise<unknown>): Promise<void> {
      const body = await this.get(key, async () => Buffer.from(JSON.stringify(await load())));
      ctx.type = 'application/json';
      ctx.body = body;
    },
    /** Forgets everything: after this instance's own writes, before answering them. */
    invalidate,
    /** Resolves once the cache listens (tests and benchmarks wait for it). */
    ready: async () => {
      if (wanted) await listener.ensure();
    },
    get size() {
      return entries.size;
    },
    async close() {
      enabled = false;
      invalidate();
      await listener.close();
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/** Part of a cache key for results that depend on who asks (visibility follows id and roles). */
export const viewerKey = (viewer: { id: number; roles: readonly string[] }) => `${viewer.id}/${viewer.roles.join(',')}`;
