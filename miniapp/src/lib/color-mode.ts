// Colour preference (spec §4): 'system' follows the OS scheme live, an explicit choice is persisted
// under the key the previous product used (nuxt-color-mode), so returning users keep their choice.
import { COLOR_MODE_STORAGE_KEY } from '@tracker/shared/limits';
import { proxy } from 'valtio';

export const COLOR_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ColorPreference = (typeof COLOR_PREFERENCES)[number];
export type ColorMode = 'light' | 'dark';

export function parsePreference(value: string | null | undefined): ColorPreference {
  return (COLOR_PREFERENCES as readonly string[]).includes(value ?? '') ? (value as ColorPreference) : 'system';
}

export function resolveColorMode(preference: ColorPreference, systemDark: boolean): ColorMode {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

export function nextPreference(preference: ColorPreference): ColorPreference {
  const i = COLOR_PREFERENCES.indexOf(preference);
  return COLOR_PREFERENCES[(i + 1) % COLOR_PREFERENCES.length] as ColorPreference;
}

export interface ColorModeEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  media: Pick<MediaQueryList, 'matches' | 'addEventListener'> | null;
  root: HTMLElement | null;
}

export function createColorMode(env: ColorModeEnv) {
  let stored: string | null = null;
  try {
    stored = env.storage?.getItem(COLOR_MODE_STORAGE_KEY) ?? null;
  } catch {
    // storage can be blocked (private mode, sandboxed frames)
  }
  const state = proxy({
    preference: parsePreference(stored),
    systemDark: env.media?.matches ?? false,
    get mode(): ColorMode {
      return resolveColorMode(this.preference, this.systemDark);
    },
  });

  const apply = () => {
    if (!env.root) return;
    const mode = state.mode;
    env.root.dataset.colorMode = mode;
    env.root.dataset.colorPreference = state.preference;
    env.root.classList.toggle('dark', mode === 'dark');
    env.root.classList.toggle('light', mode === 'light');
    env.root.style.colorScheme = mode;
  };

  env.media?.addEventListener('change', (event) => {
    state.systemDark = (event as MediaQueryListEvent).matches;
    apply();
  });

  const setPreference = (preference: ColorPreference) => {
    state.preference = preference;
    try {
      env.storage?.setItem(COLOR_MODE_STORAGE_KEY, preference);
    } catch {
      // not persisted; the choice still applies for this visit
    }
    apply();
  };

  apply();
  return { state, setPreference, apply };
}

function browserEnv(): ColorModeEnv {
  if (typeof window === 'undefined') return { storage: null, media: null, root: null };
  let storage: Storage | null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return { storage, media: window.matchMedia?.('(prefers-color-scheme: dark)') ?? null, root: document.documentElement };
}

export const colorMode = createColorMode(browserEnv());
