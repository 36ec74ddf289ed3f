// What the service worker caches at run time. Workbox writes these functions into sw.js as source text:
// they must not use anything from this module's scope.
import { SERVICE_WORKER } from '@tracker/shared/limits';
import type { VitePWAOptions } from 'vite-plugin-pwa';

type RuntimeCaching = NonNullable<NonNullable<VitePWAOptions['workbox']>['runtimeCaching']>[number];

/** Cache of every built file that is not precached: lazy chunks, their CSS and texts, fonts, images. */
export const ASSETS_CACHE = SERVICE_WORKER.assetsCache;
export const PAGES_CACHE = 'pages';

/**
 * A page saved before a deployment names an entry chunk the new worker no longer precaches; served
 * offline, it would stay blank. Such a copy is skipped, so the precached offline shell answers instead.
 */
const skipPageWithoutItsEntry = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response | null }) => {
    if (!cachedResponse) return null;
    const html = await cachedResponse.clone().text();
    const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
    return !entry || (await caches.match(entry)) ? cachedResponse : null;
  },
};

/**
 * The server writes the signed-in user into each page (`<script id="app-boot">`).
 * The copy kept for offline use drops it: after a sign-out on a shared computer an offline reload
 * must not show the previous user. The page itself, from the network, keeps it.
 */
const cacheWithoutUserData = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (response.status !== 200) return null;
    const html = await response.clone().text();
    const stripped = html.replace(/<script type="application\/json" id="app-boot"[^>]*>[\s\S]*?<\/script>/g, '');
    return new Response(stripped, { status: response.status, statusText: response.statusText, headers: response.headers });
  },
};

export function runtimeCaching(offlineShell: string): RuntimeCaching[] {
  return [
    {
      // Pages come from the network first (the server embeds config and language into the shell);
      // offline, any page falls back to the precached shell. The API is never served from cache.
      urlPattern: ({ request, url }) =>
        request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.endsWith('/sitemap.xml'),
      handler: 'NetworkFirst',
      options: {
        cacheName: PAGES_CACHE,
        networkTimeoutSeconds: 4,
        plugins: [cacheWithoutUserData, skipPageWithoutItsEntry],
        precacheFallback: { fallbackURL: `/${offlineShell}` },
      },
    },
    {
      // Built files are content-hashed, so a cached copy is never wrong; revalidating keeps the copy
      // fresh for the expiration clock. Old versions stay here after a deployment, so a page opened
      // before it still finds the lazy chunks it already used.
      urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
      handler: 'StaleWhileRevalidate',
      options: {
        cacheName: ASSETS_CACHE,
        cacheableResponse: { statuses: [200] },
        expiration: { maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true },
      },
    },
  ];
}
