// Now, moved on every minute, from one timer however many components read it (a list's SLA badges).
import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  if (!listeners.size) {
    // The clock stood while nobody read it: it starts from the time it is read again.
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, MINUTE);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) clearInterval(timer);
  };
}

const snapshot = () => now;

/** Milliseconds since the epoch, as of the last whole minute this clock ticked. */
export function useMinute(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
