// One reload at most within a guard window, whatever asks for it (a new service worker, a chunk gone
// after a deployment): the last reload's time is kept in the tab's session storage.
import { PAGE_RELOAD_GUARD_MS } from '@tracker/shared/limits';

export const RELOAD_KEY = 'tapps/last-sw-reload';

/** True when no reload happened within the guard window; then records this one. */
export function shouldReload(storage: Pick<Storage, 'getItem' | 'setItem'> | null, now: number, guardMs: number = PAGE_RELOAD_GUARD_MS, key: string = RELOAD_KEY): boolean {
  const raw = storage?.getItem(key);
  const last = raw ? Number(raw) : NaN;
  if (Number.isFinite(last) && now - last < guardMs) return false;
  storage?.setItem(key, String(now));
  return true;
}

export function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

