// Stand-ins for the engine tests: an HTTP client answering from a route table, and an EventSource
// the test drives (open, a batch, expired, dropped for good).
import type { SyncBootstrapResponse, SyncChange, SyncChangesResponse } from '@tracker/shared/api/sync';
import { afterEach, beforeEach } from 'vitest';
import { ApiError } from '../lib/http.ts';
import type { SyncEngine } from './engine.ts';
import { forgetLastUsed } from './lru.ts';

type Query = Record<string, string | number | undefined> | undefined;
export type Route = (query: Query) => unknown;

export function fakeHttp(routes: Record<string, Route>) {
  const calls: string[] = [];
  return {
    calls,
    get: async <T>(path: string, options?: { query?: Query }): Promise<T> => {
      const q = Object.entries(options?.query ?? {}).filter(([, v]) => v !== undefined);
      calls.push(q.length ? `${path}?${q.map(([k, v]) => `${k}=${v}`).join('&')}` : path);
      const route = routes[path];
      if (!route) throw new ApiError(404, 'Not found');
      return route(options?.query) as T;
    },
  };
}

export const noChanges = (query: Query): SyncChangesResponse => ({ changes: [], syncId: Number(query?.since), more: false });
export const refuse = (status: number, code?: string) => () => {
  throw new ApiError(status, 'refused', code ? { code } : {});
};
export const networkDown = () => {
  throw new TypeError('Failed to fetch');
};
export const answer = (b: SyncBootstrapResponse) => () => b;

export class FakeEventSource extends EventTarget {
  static all: FakeEventSource[] = [];
  static get last() {
    return FakeEventSource.all[FakeEventSource.all.length - 1];
  }
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly url: string;
  readonly init?: EventSourceInit;
  constructor(url: string, init?: EventSourceInit) {
    super();
    this.url = url;
    this.init = init;
    FakeEventSource.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(changes: SyncChange[] | string, id: number) {
    this.dispatchEvent(new MessageEvent('changes', { data: typeof changes === 'string' ? changes : JSON.stringify(changes), lastEventId: String(id) }));
  }
  expire() {
    this.dispatchEvent(new MessageEvent('expired', { data: '{}' }));
  }
  /** The server refused or went away, and the browser gave up. */
  fail() {
    this.readyState = 2;
    this.onerror?.();
  }
  close() {
    this.readyState = 2;
  }
}

/**
 * Each test starts with no fake streams and no last use, and ends with its engines stopped and every
 * IndexedDB database deleted: the engines the test made go into the returned list.
 */
export function cleanEngines(): SyncEngine[] {
  const engines: SyncEngine[] = [];
  beforeEach(() => {
    FakeEventSource.all = [];
    forgetLastUsed();
  });
  afterEach(async () => {
    for (const e of engines.splice(0)) e.stop();
    for (const d of await indexedDB.databases()) if (d.name) indexedDB.deleteDatabase(d.name);
  });
  return engines;
}
