// Now, moved on every minute, from one timer however many components read it (a list's SLA badges,
// the inbox's "5 min. ago", the calendar's and timeline's today for a page left open past midnight).
import { useMemo, useSyncExternalStore } from 'react';
import { today } from './dates.ts';

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

// Read while nobody listens (a first render), the clock may have stood for hours: it moves on first,
// so a page opened long after the last one closed does not start from that one's time.
function snapshot(): number {
  if (!listeners.size && Date.now() - now >= MINUTE) now = Date.now();
  return now;
}

/** Milliseconds since the epoch, as of the last whole minute this clock ticked. */
export function useMinute(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Now as a Date: the same object until the minute moves on. */
export function useNow(): Date {
  const ms = useMinute();
  return useMemo(() => new Date(ms), [ms]);
}

/** Today (`YYYY-MM-DD`) in the user's time zone, moving on at midnight. */
export function useToday(): string {
  return today(new Date(useMinute()));
}
