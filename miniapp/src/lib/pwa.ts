// Service worker (spec §4, §9): registered at /sw.js with scope /, the page reloads when a new or
// external worker takes control, at most once per 10 s. Registration fails quietly (Telegram on iOS
// runs no service workers); the failure is a flag the UI can read. Loaded after the page's `load`
// (main.tsx), not with the first load.
import { SERVICE_WORKER } from '@tracker/shared/limits';
import { proxy } from 'valtio';
import { log } from './logger.ts';
import { session, shouldReload } from './reload-guard.ts';

export const pwaState = proxy({
  supported: false,
  registered: false,
  registrationFailed: false,
  updated: false,
});

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  pwaState.supported = true;
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install on a fresh visit also claims the page; nothing changed for the user then.
    if (!hadController) return void keepLoadedAssets();
    pwaState.updated = true;
    if (shouldReload(session(), Date.now())) window.location.reload();
    else log.warn('service worker changed again within the reload guard; not reloading');
  });
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER.url, { scope: SERVICE_WORKER.scope, updateViaCache: 'none' });
    pwaState.registered = true;
    log.debug('service worker registered', registration.scope);
    // register() resolves before installation; a failed install (e.g. a precache 404) only shows
    // as the new worker turning redundant.
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'redundant' && !registration.active) {
        pwaState.registrationFailed = true;
        log.warn('service worker installation failed');
      }
    });
  } catch (err) {
    pwaState.registrationFailed = true;
    log.info('service worker registration failed', err);
  }
}

/**
 * On the first visit the page loaded its chunks before the worker existed, so the worker's run-time
 * cache lacks them and an offline start would miss the code of the screens already seen. Once the
 * worker controls the page, those files go into the same cache (from the browser's HTTP cache; the
 * files are content-hashed, so a copy is never wrong). A file whose request was already under way when
 * the worker took over passed the worker by and is not yet among the loaded ones: it is kept when it
 * arrives.
 */
export async function keepLoadedAssets(): Promise<void> {
  try {
    const cache = await caches.open(SERVICE_WORKER.assetsCache);
    const keep = (urls: string[]) => Promise.all(urls.filter(isOwnAsset).map(async (u) => (await cache.match(u)) ?? cache.add(u)));
    if (typeof PerformanceObserver === 'function') {
      new PerformanceObserver((list) => {
        keep(list.getEntries().map((e) => e.name)).catch((err) => log.debug('could not keep a loaded file for offline use', err));
      }).observe({ type: 'resource' });
    }
    await keep(performance.getEntriesByType('resource').map((e) => e.name));
  } catch (err) {
    log.debug('could not keep the loaded files for offline use', err);
  }
}

function isOwnAsset(url: string): boolean {
  const u = new URL(url);
  return u.origin === location.origin && u.pathname.startsWith('/assets/');
}
