// A deployment replaces every content-hashed chunk. A page opened before it still asks for the old
// names when it first opens a lazy page; the server no longer has them, and the service worker only has
// those this browser already used. Reloading once brings the new HTML and its chunks (issue 14, PWA).
import { PAGE_RELOAD_GUARD_MS } from '@tracker/shared/limits';
import { ApiError, http } from './http.ts';
import { log } from './logger.ts';
import { session, shouldReload } from './reload-guard.ts';

export const CHUNK_RELOAD_KEY = 'tapps/last-chunk-reload';

interface Env {
  online: () => boolean;
  /** Whether the server no longer has this file (404): a deployment replaced it. */
  gone: (url: string) => Promise<boolean>;
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
  now: () => number;
}

const browser: Env = {
  online: () => navigator.onLine,
  gone: (url) => http.request(url, { method: 'HEAD', retry: 0 }).then(() => false, (err: unknown) => err instanceof ApiError && err.status === 404),
  storage: session,
  reload: () => window.location.reload(),
  now: () => Date.now(),
};

/** The built file a failed load names (`…/assets/x.js`), if any. */
const assetOf = (error: unknown) => /(?:https?:\/\/[^\s'"]+)?\/assets\/[^\s'"]+/.exec(String((error as Error | null)?.message ?? error))?.[0] ?? null;

/**
 * Reloads when the failed file is gone from the server (a deployment), once: offline a reload would
 * fetch nothing newer, a file that is still there failed for another reason (a dropped connection,
 * a blocked request) that a reload would not mend, and twice within the guard window is no skew.
 */
export async function onChunkLoadError(error: unknown, env: Env = browser): Promise<boolean> {
  const asset = assetOf(error);
  if (!env.online() || !asset || !(await env.gone(asset)) || !shouldReload(env.storage(), env.now(), PAGE_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY)) {
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
