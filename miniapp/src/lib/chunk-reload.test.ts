import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, onChunkLoadError } from './chunk-reload.ts';
import { RELOAD_KEY } from './pwa.ts';

function env(online = true) {
  const m = new Map<string, string>();
  let now = 1_000_000;
  const e = {
    online: () => online,
    storage: () => ({ getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }),
    reload: vi.fn(),
    now: () => now,
  };
  return { e, m, tick: (ms: number) => (now += ms) };
}

describe('reload on a chunk-load error', () => {
  it('reloads once, then not again within 10 s (a chunk missing after the reload is no deployment skew)', () => {
    const { e, m, tick } = env();
    expect(onChunkLoadError(new Error('404'), e)).toBe(true);
    expect(e.reload).toHaveBeenCalledTimes(1);
    expect(m.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    tick(9_999);
    expect(onChunkLoadError(new Error('404'), e)).toBe(false);
    tick(1);
    expect(onChunkLoadError(new Error('404'), e)).toBe(true);
    expect(e.reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload offline: nothing newer could come', () => {
    const { e } = env(false);
    expect(onChunkLoadError(new Error('offline'), e)).toBe(false);
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('keeps its own guard apart from the service worker update reload', () => {
    const { e, m } = env();
    m.set(RELOAD_KEY, '1000000');
    expect(onChunkLoadError(new Error('404'), e)).toBe(true);
  });
});
