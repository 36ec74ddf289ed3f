// Where the time of a browser measure goes (issue 27: a budget not met names its largest costs): one
// more sample of the measure, traced with Chrome's timeline, and the renderer's main thread from the
// measure's start to its end summed by kind of work. Script is split into compiling, evaluating
// modules and running code (React's rendering runs as code: events, timers, microtasks).
import type { CDPSession } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
}

const KIND: Record<string, string> = {
  'v8.compile': 'script compile',
  'v8.compileModule': 'script compile',
  EvaluateScript: 'module evaluation',
  'v8.evaluateModule': 'module evaluation',
  FunctionCall: 'running script (React included)',
  EventDispatch: 'running script (React included)',
  TimerFire: 'running script (React included)',
  FireAnimationFrame: 'running script (React included)',
  RunMicrotasks: 'running script (React included)',
  ParseHTML: 'HTML parse',
  ParseAuthorStyleSheet: 'style & layout',
  UpdateLayoutTree: 'style & layout',
  Layout: 'style & layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
};

/** Runs `act` under a trace; `window(events)` gives the measure's [start, end] in trace time (µs). */
export async function traceBreakdown(cdp: CDPSession, act: () => Promise<void>, windowOf: (events: TraceEvent[]) => [number, number] | null): Promise<string> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: object[] }) => void events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing', transferMode: 'ReportEvents' });
  try {
    await act();
  } finally {
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', collect);
  }
  const window = windowOf(events);
  if (!window) return 'no trace window';
  return summarise(events, window);
}

/** The renderer's main thread: the one running the most tasks. */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === 'RunTask' && e.ph === 'X') busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/** Each known event's time not inside another known one (no double counting), clipped to the window. */
function summarise(all: TraceEvent[], [from, to]: [number, number]): string {
  const totals = new Map<string, number>();
  const open: { end: number }[] = [];
  let busy = 0;
  for (const e of mainThread(all)) {
    const end = e.ts + (e.dur ?? 0);
    if (end < from || e.ts > to) continue;
    const clipped = Math.max(0, Math.min(end, to) - Math.max(e.ts, from));
    if (e.name === 'RunTask') busy += clipped;
    const kind = KIND[e.name];
    if (!kind) continue;
    while (open.length && open[open.length - 1]!.end <= e.ts) open.pop();
    if (open.length === 0) totals.set(kind, (totals.get(kind) ?? 0) + clipped);
    open.push({ end });
  }
  const total = to - from;
  const named = [...totals.values()].reduce((s, v) => s + v, 0);
  const parts = [...totals].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${Math.round(v / 1000)} ms`);
  parts.push(`other tasks ${Math.round(Math.max(0, busy - named) / 1000)} ms`, `idle (network, storage, frames) ${Math.round(Math.max(0, total - busy) / 1000)} ms`);
  return `${Math.round(total / 1000)} ms traced: ${parts.join(', ')}`;
}

/** From the first `type` input event to `ms` later (the in-page measure of the same sample). */
export const afterInput = (type: string, ms: () => number) => (events: TraceEvent[]): [number, number] | null => {
  const input = events.find((e) => e.name === 'EventDispatch' && (e as unknown as { args?: { data?: { type?: string } } }).args?.data?.type === type);
  return input ? [input.ts, input.ts + ms() * 1000] : null;
};

/** From the navigation's start (the new document's first task) to `ms` later. */
export const afterNavigation = (ms: () => number) => (events: TraceEvent[]): [number, number] | null => {
  const start = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStartToBegin') ?? events.find((e) => e.name === 'ParseHTML');
  return start ? [start.ts, start.ts + ms() * 1000] : null;
};
