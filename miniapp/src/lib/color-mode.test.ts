import { describe, expect, it } from 'vitest';
import { createColorMode, nextPreference, parsePreference, resolveColorMode } from './color-mode.ts';

function fakeEnv(stored: string | null, systemDark: boolean) {
  const store = new Map<string, string>(stored === null ? [] : [['nuxt-color-mode', stored]]);
  let listener: ((e: { matches: boolean }) => void) | null = null;
  const classes = new Set<string>();
  const root = {
    dataset: {} as Record<string, string>,
    style: {} as Record<string, string>,
    classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)) },
  };
  return {
    env: {
      storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
      media: { matches: systemDark, addEventListener: (_: string, fn: (e: { matches: boolean }) => void) => (listener = fn) },
      root,
    },
    store,
    root,
    classes,
    osChanges: (dark: boolean) => listener?.({ matches: dark }),
  };
}

describe('colour mode', () => {
  it('parses stored values, defaulting to system', () => {
    expect(parsePreference('dark')).toBe('dark');
    expect(parsePreference('light')).toBe('light');
    expect(parsePreference('system')).toBe('system');
    expect(parsePreference('purple')).toBe('system');
    expect(parsePreference(null)).toBe('system');
  });

  it('resolves system against the OS scheme', () => {
    expect(resolveColorMode('system', true)).toBe('dark');
    expect(resolveColorMode('system', false)).toBe('light');
    expect(resolveColorMode('light', true)).toBe('light');
    expect(nextPreference('system')).toBe('light');
    expect(nextPreference('light')).toBe('dark');
    expect(nextPreference('dark')).toBe('system');
  });

  it('applies the stored preference and persists changes under nuxt-color-mode', () => {
    const f = fakeEnv('dark', false);
    const cm = createColorMode(f.env as never);
    expect(cm.state.mode).toBe('dark');
    expect(f.root.dataset.colorMode).toBe('dark');
    expect(f.classes.has('dark')).toBe(true);
    cm.setPreference('light');
    expect(f.store.get('nuxt-color-mode')).toBe('light');
    expect(f.root.dataset.colorMode).toBe('light');
  });

  it('follows the OS live only while on system', () => {
    const f = fakeEnv(null, false);
    const cm = createColorMode(f.env as never);
    expect(cm.state.mode).toBe('light');
    f.osChanges(true);
    expect(cm.state.mode).toBe('dark');
    expect(f.root.dataset.colorMode).toBe('dark');
    cm.setPreference('light');
    f.osChanges(true);
    expect(cm.state.mode).toBe('light');
  });
});
