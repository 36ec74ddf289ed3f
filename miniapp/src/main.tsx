import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { settleFirstRedirect } from './app/boot.ts';
import { installIntentPreload } from './app/intent-preload.ts';
import { startSession } from './features/auth/api.ts';
import { auth } from './features/auth/state.ts';
import { reloadOnChunkLoadError } from './lib/chunk-reload.ts';
import './lib/color-mode.ts';
import { config } from './lib/config.ts';
import { homeLocaleRedirect, rememberedLocale } from './lib/locale.ts';
import { log, setLogLevel } from './lib/logger.ts';
import { registerServiceWorker } from './lib/pwa.ts';
import { applyThemeColors } from './lib/theme-colors.ts';
import { onThemeColors } from './lib/theme-watch.ts';
import { initPlatform } from './platform/index.ts';

setLogLevel(config.logLevel);
onThemeColors((theme) => applyThemeColors(document.documentElement, theme));

// A remembered English choice sends the bare home page to /en before anything renders.
const localeRedirect = homeLocaleRedirect(window.location.pathname, rememberedLocale());
if (localeRedirect) history.replaceState(history.state, '', localeRedirect + window.location.search + window.location.hash);
settleFirstRedirect(window.location.pathname);
installIntentPreload(document);

void startSession();
// A reload reads the local store (IndexedDB) while the rest of the page starts: the list's first
// render can already show the stored rows.
const bootUser = auth.state.user?.id;
if (bootUser !== undefined) void import('./features/sync/index.ts').then((sync) => sync.preloadSync(bootUser));
void initPlatform().then((kind) => {
  // Spec §4 step 2: the address-fragment fallback is tried only with the public setting on.
  if (kind === 'telegram' || (config.telegramUnsafeFallback && window.location.hash.includes('tgWebAppData='))) {
    import('./features/telegram/session.ts')
      .then(({ startTelegramSession }) => startTelegramSession())
      .catch((err: unknown) => log.warn('telegram: session start failed', err));
  }
});

if (config.debug === 1) {
  // Spec §7 loads the debug console from a CDN; we ship it from our own bundle instead (CSP: 'self').
  import('eruda')
    .then(({ default: eruda }) => eruda.init())
    .catch((err: unknown) => log.warn('debug console failed to load', err));
}

if (import.meta.env.PROD) {
  reloadOnChunkLoadError();
  window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
