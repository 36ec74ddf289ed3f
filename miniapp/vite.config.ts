import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { jsonImportAttributesInDev } from './build/json-import-attributes.ts';
import { contractPaths } from './build/contract-paths.ts';
import { entryClosure } from './build/entry-closure.ts';
import { explainKnownWarnings } from './build/known-warnings.ts';
import { OFFLINE_SHELL, offlineShell } from './build/offline-shell.ts';
import { precompress } from './build/precompress.ts';
import { firstLoadReport } from './build/first-load-report.ts';
import { routeChunks } from './build/route-chunks.ts';
import { shellPrecache } from './build/shell-precache.ts';
import { runtimeCaching } from './build/sw-caching.ts';
import { THEME_HEX } from './src/lib/theme-colors.ts';
import { webRoleColors } from './build/web-role-colors.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
// Besides the entry's own files, the shell is the offline page and the words of failures (the web manifest
// and icons are added by VitePWA).
const shell = shellPrecache((url) => url === OFFLINE_SHELL, /\/shared\/src\/i18n\/(ru|en)\/(errors|validation)\.json$/);
const core = entryClosure(fileURLToPath(new URL('./src/main.tsx', import.meta.url)), /\/node_modules\/(react-i18next\/dist\/es\/(Trans|TransWithoutContext|unescape)\.js|html-parse-stringify\/)/);

export default defineConfig(({ command }) => {
  // A build is always a production build, even when started from a test runner (NODE_ENV=test):
  // otherwise React ships its development build and the service worker is never registered.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});

const config: UserConfig = {
  root,
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    // Every browser the app supports preloads modules itself; one without it (Safari before 17) loads
    // them as imported, a little later, instead of running a polyfill in everyone's first load.
    modulePreload: { polyfill: false },
    // The password rule's dictionaries are one lazy chunk of ~1.7 MB (loaded by new-password fields
    // only). The first-load and page-chunk budgets are checked by `npm run bench`, not by this warning.
    chunkSizeWarningLimit: 1800,
    rolldownOptions: {
      onLog: explainKnownWarnings,
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically: one file instead of fourteen (build/entry-closure.ts).
            { name: 'core', test: core.test, priority: 2 },
            // zod and the shared payload schemas, for the forms (answers are trusted by type: the light
            // start); apart they were a dozen small files, each a request and a service-worker round.
            // The zod-free values and the declarations' paths (build/contract-paths.ts): small, and
            // pages without forms need them. Caught before `schemas`, which would take them as its
            // modules' dependencies.
            // The list's rows format logged time (duration-format), which the time schema re-exports.
            { name: 'values', test: /\/shared\/src\/(api\/(values\/[^/]+|contract\/[a-z-]+|issue-list-fields)|duration-format)\.ts$/, priority: 1 },
            // TypeScript's helpers, which rrule and the dialogs' scroll lock share: a tiny chunk of its own,
            // or the first group to capture its users (rrule below) would take it, and the list with it.
            { name: 'tslib', test: /\/node_modules\/tslib\//, priority: 3 },
            // Repeat rules (rrule): the issue forms' preview, not the schemas' load.
            { name: 'recurrence', test: /\/(shared\/src\/recurrence\/[^/]+\.ts|node_modules\/rrule\/.*\.js)$/, priority: 1 },
            { name: 'schemas', test: /\/(node_modules\/zod\/.*\.js|shared\/src\/(api\/(?!issue-list-fields)[^/]+|validation\/[^/]+)\.ts)$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    host: '127.0.0.1',
    // changeOrigin stays false so the session cookie is issued for the page's own host.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sitemap.xml': { target: apiTarget, changeOrigin: false },
      '/en/sitemap.xml': { target: apiTarget, changeOrigin: false },
    },
  },
  plugins: [
    jsonImportAttributesInDev(),
    contractPaths(),
    webRoleColors(fileURLToPath(new URL('./src/styles/base.css', import.meta.url))),
    react(),
    offlineShell(),
    routeChunks(fileURLToPath(new URL('./src/app/pages.ts', import.meta.url))),
    firstLoadReport(),
    core.plugin,
    shell.plugin,
    VitePWA({
      // Registered by src/lib/pwa.ts so registration failures and reloads are under our control.
      injectRegister: false,
      registerType: 'autoUpdate',
      strategies: 'generateSW',
      filename: 'sw.js',
      scope: '/',
      base: '/',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icons/icon.svg'],
      manifest: {
        id: '/',
        name: 'Трекер — задачи и проекты',
        short_name: 'Трекер',
        description: 'Задачи, проекты, потоки и календарь — в Telegram и в браузере.',
        lang: 'ru',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: THEME_HEX.primary,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Only the shell is precached (build/shell-precache.ts); every other chunk is cached when first
        // used (build/sw-caching.ts). index.html is answered with 404 by the server (no page route):
        // the offline copy stands in.
        globIgnores: ['index.html'],
        manifestTransforms: [shell.transform],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        navigateFallback: null,
        navigationPreload: true,
        runtimeCaching: runtimeCaching(OFFLINE_SHELL),
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
};
