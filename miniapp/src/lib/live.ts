// Live updates (spec: "updates within a second without a reload"): one EventSource to
// `/api/events` shared by every subscriber, opened with the first and closed shortly after the
// last leaves. While the sync engine runs, its stream carries the same events (`attachLiveFeed`) and
// this one stays closed: a tab holds one stream, as a browser opens only six connections per host
// over HTTP/1.1. EventSource retries by itself after a dropped connection; when the browser gives up
// (the server answered with an error, e.g. 401 before sign-in) we reopen it with a backoff.
// `<html data-live="open">` says the stream is connected (the server subscribes before it answers),
// so tests and tools wait for it instead of guessing a delay.
import type { LiveEvent } from '@tracker/shared/api/events';
import { useEffect, useRef } from 'react';
import { sessionQuery } from './session-token.ts';

export type LiveListener = (event: LiveEvent) => void;
export type LiveFilter = (event: LiveEvent) => boolean;

export const LIVE_EVENT_TYPES: readonly LiveEvent['type'][] = [
  'issue.created',
  'issue.updated',
  'issue.deleted',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'stream.updated',
  'project.updated',
  'inbox.changed',
];
const CLOSE_DELAY_MS = 5_000;
const MAX_BACKOFF_MS = 30_000;

const listeners = new Set<LiveListener>();
let source: EventSource | null = null;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoff = 1_000;
let attached = false;

/** Parses one SSE data payload; anything malformed is dropped rather than thrown into a listener. */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const e = JSON.parse(data) as Partial<LiveEvent>;
    if (typeof e.type !== 'string' || !(LIVE_EVENT_TYPES as readonly string[]).includes(e.type)) return null;
    return {
      type: e.type,
      issueId: e.issueId ?? null,
      projectId: e.projectId ?? null,
      streamIds: Array.isArray(e.streamIds) ? e.streamIds : [],
      actorId: e.actorId ?? null,
      ...(typeof e.userId === 'number' ? { userId: e.userId } : {}),
      ...(typeof e.unread === 'number' ? { unread: e.unread } : {}),
      at: e.at ?? '',
    };
  } catch {
    return null;
  }
}

function markOpen(open: boolean) {
  if (typeof document === 'undefined') return;
  if (open) document.documentElement.dataset.live = 'open';
  else delete document.documentElement.dataset.live;
}

function emit(event: LiveEvent) {
  for (const listener of [...listeners]) listener(event);
}

function dispatch(message: MessageEvent) {
  const event = parseLiveEvent(message.data);
  if (event) emit(event);
}

function open() {
  if (attached || source || typeof EventSource === 'undefined') return;
  const session = sessionQuery();
  const es = new EventSource(session ? `/api/events?${session}` : '/api/events', { withCredentials: true });
  source = es;
  for (const type of LIVE_EVENT_TYPES) es.addEventListener(type, dispatch);
  es.onopen = () => {
    backoff = 1_000;
    markOpen(true);
  };
  es.onerror = () => {
    if (source === es) markOpen(false);
    if (es.readyState !== EventSource.CLOSED) return; // the browser is reconnecting by itself
    es.close();
    if (source === es) source = null;
    if (listeners.size === 0) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(open, backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };
}

function close() {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
  markOpen(false);
}

/**
 * Another stream brings the live events from now on (the sync engine's): this one closes until
 * `detach`. `setOpen` mirrors that stream's state into `<html data-live>`.
 */
export function attachLiveFeed() {
  attached = true;
  clearTimeout(closeTimer);
  close();
  return {
    emit,
    setOpen: (isOpen: boolean) => markOpen(isOpen),
    detach() {
      attached = false;
      markOpen(false);
      if (listeners.size > 0) open();
    },
  };
}

/** Adds a listener to the shared stream; returns the unsubscribe function. */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  clearTimeout(closeTimer);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(closeTimer);
      closeTimer = setTimeout(close, CLOSE_DELAY_MS);
    }
  };
}

/**
 * Calls `callback` for each live event that passes `filter`. Both may change on every render; the
 * latest ones are used without reconnecting.
 */
export function useLiveEvents(filter: LiveFilter | null, callback: LiveListener): void {
  const latest = useRef({ filter, callback });
  latest.current = { filter, callback };
  useEffect(
    () =>
      subscribeLive((event) => {
        const { filter: f, callback: cb } = latest.current;
        if (!f || f(event)) cb(event);
      }),
    [],
  );
}
