// A deployment replaces every content-hashed chunk. A page opened before it still asks for the old
// names when it first opens a lazy page; the server no longer has them, and the service worker only has
// those this browser already used. Reloading once brings the new HTML and its chunks (issue 14, PWA).
import { PAGE_RELOAD_GUARD_MS } from '@tracker/shared/limits';
import { log } from './logger.ts';
import { session, shouldReload } from './pwa.ts';

export const CHUNK_RELOAD_KEY = 'tapps/last-chunk-reload';

interface Env {
  online: () => boolean;
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
  now: () => number;
}

const browser: Env = {
  online: () => navigator.onLine,
  storage: session,
  reload: () => window.location.reload(),
  now: () => Date.now(),
};

/** Offline, a reload would fetch nothing newer; twice within the guard window, the failure is not skew. */
export function onChunkLoadError(error: unknown, env: Env = browser): boolean {
  if (!env.online() || !shouldReload(env.storage(), env.now(), PAGE_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY)) {
    log.warn('a code chunk failed to load; not reloading', error);
    return false;
  }
  log.warn('a code chunk failed to load, probably after a deployment; reloading', error);
  env.reload();
  return true;
}

/** Vite's preload helper reports every failed dynamic import as `vite:preloadError` on window. */
export function reloadOnChunkLoadError(): void {
  window.addEventListener('vite:preloadError', (event) => void onChunkLoadError(event.payload));
}
