// The feed pushed over server-sent events. EventSource resumes by itself with Last-Event-ID; when it
// gives up (an error status, or the server gone for good) `onClosed` lets the engine diagnose over
// HTTP and reopen from its own position. The session token goes in the query, as lib/live.ts does,
// for Telegram Web's frame where the cookie is refused.
import { sync } from '@tracker/shared/api/contract/sync';
import type { SyncChange } from '@tracker/shared/api/sync';
import type { LiveEvent } from '@tracker/shared/api/events';
import { LIVE_EVENT_TYPES, parseLiveEvent } from '../lib/live.ts';
import { sessionQuery } from '../lib/session-token.ts';

export interface StreamHandlers {
  onOpen(): void;
  onBatch(changes: SyncChange[], syncId: number): void;
  /** The log no longer reaches the position: bootstrap again. */
  onExpired(): void;
  /** Reconnecting by itself. */
  onInterrupted(): void;
  /** Closed for good, or sent something unreadable: catch up over HTTP and reopen. */
  onClosed(): void;
  /** A live event (`/api/events`' kind), carried on this stream so that a tab holds one. */
  onLive?(event: LiveEvent): void;
}

/** What the engine uses of an EventSource (tests pass a stand-in). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onerror: ((ev: Event) => void) | null;
  addEventListener(type: string, listener: (ev: Event) => void): void;
  close(): void;
}
export type EventSourceClass = new (url: string, init?: EventSourceInit) => EventSourceLike;

export function streamUrl(since: number): string {
  const session = sessionQuery();
  return `${sync.stream.path}?since=${since}${session ? `&${session}` : ''}`;
}

/** Opens the stream after `since`; returns its closer. */
export function openStream(ES: EventSourceClass, since: number, h: StreamHandlers): () => void {
  const es = new ES(streamUrl(since), { withCredentials: true });
  let done = false;
  const close = () => {
    done = true;
    es.close();
  };
  es.addEventListener('changes', (e) => {
    if (done) return;
    const message = e as MessageEvent;
    const syncId = Number(message.lastEventId);
    let changes: SyncChange[];
    try {
      // Trusted by its declared type, as every answer is (lib/api-client.ts).
      changes = JSON.parse(String(message.data)) as SyncChange[];
      if (!Array.isArray(changes) || !Number.isSafeInteger(syncId)) throw new Error('not a batch');
    } catch {
      close();
      return h.onClosed();
    }
    h.onBatch(changes, syncId);
  });
  for (const type of LIVE_EVENT_TYPES) {
    es.addEventListener(type, (e) => {
      const event = done ? null : parseLiveEvent((e as MessageEvent).data);
      if (event) h.onLive?.(event);
    });
  }
  es.addEventListener('expired', () => {
    if (done) return;
    close();
    h.onExpired();
  });
  es.onopen = () => !done && h.onOpen();
  es.onerror = () => {
    if (done) return;
    if (es.readyState !== 2 /* CLOSED */) return h.onInterrupted();
    close();
    h.onClosed();
  };
  return close;
}
