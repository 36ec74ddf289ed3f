import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, onChunkLoadError } from './chunk-reload.ts';
import { RELOAD_KEY } from './reload-guard.ts';

const missing = new Error('Failed to fetch dynamically imported module: http://localhost/assets/PrivacyPage-abc.js');

function env(online = true, gone = true) {
  const m = new Map<string, string>();
  let now = 1_000_000;
  const asked: string[] = [];
  const e = {
    online: () => online,
    gone: async (url: string) => (asked.push(url), gone),
    storage: () => ({ getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }),
    reload: vi.fn(),
    now: () => now,
  };
  return { e, m, asked, tick: (ms: number) => (now += ms) };
}

describe('reload on a chunk-load error', () => {
  it('reloads once, then not again within 10 s (a chunk missing after the reload is no deployment skew)', async () => {
    const { e, m, asked, tick } = env();
    expect(await onChunkLoadError(missing, e)).toBe(true);
    expect(asked).toEqual(['http://localhost/assets/PrivacyPage-abc.js']);
    expect(e.reload).toHaveBeenCalledTimes(1);
    expect(m.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    tick(9_999);
    expect(await onChunkLoadError(missing, e)).toBe(false);
    tick(1);
    expect(await onChunkLoadError(missing, e)).toBe(true);
    expect(e.reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload offline: nothing newer could come', async () => {
    const { e } = env(false);
    expect(await onChunkLoadError(missing, e)).toBe(false);
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('does not reload when the file is still on the server (a dropped or blocked request, not a deployment)', async () => {
    const { e } = env(true, false);
    expect(await onChunkLoadError(missing, e)).toBe(false);
    expect(await onChunkLoadError(new Error('no file named'), e)).toBe(false);
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('keeps its own guard apart from the service worker update reload', async () => {
    const { e, m } = env();
    m.set(RELOAD_KEY, '1000000');
    expect(await onChunkLoadError(missing, e)).toBe(true);
  });
});
