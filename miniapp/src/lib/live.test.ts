import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A stand-in EventSource the test drives: opened, dropped while reconnecting, closed for good.
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeEventSource.last = this;
  }
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe('live connection ready signal', () => {
  const dataset: Record<string, string | undefined> = {};
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('document', { documentElement: { dataset } });
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete dataset.live;
  });

  it('marks <html data-live="open"> while the stream is open, and clears it when it drops or closes', async () => {
    const { subscribeLive } = await import('./live.ts');
    const unsubscribe = subscribeLive(() => {});
    const es = FakeEventSource.last!;
    expect(dataset.live).toBeUndefined();
    es.readyState = FakeEventSource.OPEN;
    es.onopen?.();
    expect(dataset.live).toBe('open');
    es.readyState = FakeEventSource.CONNECTING; // dropped; the browser reconnects by itself
    es.onerror?.();
    expect(dataset.live).toBeUndefined();
    es.readyState = FakeEventSource.OPEN;
    es.onopen?.();
    expect(dataset.live).toBe('open');
    unsubscribe();
    await vi.runAllTimersAsync(); // the stream closes shortly after the last listener leaves
    expect(dataset.live).toBeUndefined();
  });

  it('closes its own stream while another feed (the sync stream) brings the events, and reopens after', async () => {
    const { attachLiveFeed, subscribeLive } = await import('./live.ts');
    const got: string[] = [];
    const unsubscribe = subscribeLive((e) => got.push(e.type));
    const own = FakeEventSource.last!;
    const feed = attachLiveFeed();
    expect(own.readyState).toBe(FakeEventSource.CLOSED);
    FakeEventSource.last = null;
    subscribeLive(() => {})();
    expect(FakeEventSource.last).toBeNull();
    feed.emit({ type: 'issue.updated', issueId: 1, projectId: 1, streamIds: [], actorId: null, at: '' });
    expect(got).toEqual(['issue.updated']);
    feed.setOpen(true);
    expect(dataset.live).toBe('open');
    feed.detach();
    expect(dataset.live).toBeUndefined();
    expect(FakeEventSource.last).not.toBeNull();
    unsubscribe();
  });
});
