import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles/app.css';
import 'virtual:web-role-colors.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LOCALES } from '@tracker/shared/locales';
import { matchRoute, splitLocale } from '@tracker/shared/routes';
import { decideAccess } from './app/access.ts';
import { App } from './app/App.tsx';
import { settleFirstRedirect } from './app/boot.ts';
import { installIntentPreload } from './app/intent-preload.ts';
import { preloadPage } from './app/pages.ts';
import { startSession } from './features/auth/api.ts';
import { auth } from './lib/auth.ts';
import { readEarly } from './store/store-db.ts';
import { reloadOnChunkLoadError } from './lib/chunk-reload.ts';
import './lib/color-mode.ts';
import { config } from './lib/config.ts';
import { loadFailureTexts, loadLanguage } from './lib/i18n.ts';
import { accountLocalePath, homeLocaleRedirect, rememberedLocale } from './lib/locale.ts';
import { log, setLogLevel } from './lib/logger.ts';
import { initPlatform } from './platform/index.ts';
import { launchTelegramUserId } from './platform/launch-user.ts';

setLogLevel(config.logLevel);

// Inside Telegram the launching account is the identity (issue 25): the session is taken only when
// it is that account's, and the language is the account's, never this device's remembered choice,
// which may be another account's.
const launch = launchTelegramUserId();
void startSession({ launch });
// Elsewhere a remembered English choice sends the bare home page to /en before anything renders.
const homeRedirect = launch === null ? homeLocaleRedirect(window.location.pathname, rememberedLocale()) : null;
const localePath = launch !== null ? accountLocalePath(auth.state.user) : homeRedirect && homeRedirect + window.location.search;
if (localePath) history.replaceState(history.state, '', localePath + window.location.hash);
settleFirstRedirect(window.location.pathname);
// The page's language texts load with the entry (the server preloads them); the first render waits for them.
const firstLocale = splitLocale(window.location.pathname).locale;
const texts = loadLanguage(firstLocale).catch((err: unknown) => void log.warn('texts failed to load', err));
installIntentPreload(document);
// A reload reads the local store (IndexedDB) while the rest of the page starts, so the list's first
// render can already show the stored rows: the database is opened and read from here, while the
// sync chunk (and zod, which checks the read) still loads.
const bootUser = auth.state.user?.id;
const early = bootUser !== undefined ? readEarly(bootUser) : null;
const storeStarted =
  bootUser !== undefined
    ? import('./store/index.ts').then((sync) => (sync.preloadSync(bootUser, early), sync)).catch((err: unknown) => void log.warn('local store read failed', err))
    : Promise.resolve(undefined);
const telegramStep = initPlatform().then((kind) => {
  // Spec §4 step 2: the address-fragment fallback is tried only with the public setting on.
  if (kind === 'telegram' || (config.telegramUnsafeFallback && window.location.hash.includes('tgWebAppData='))) {
    return import('./features/telegram/session.ts')
      .then(({ startTelegramSession }) => startTelegramSession())
      .catch((err: unknown) => void log.warn('telegram: session start failed', err));
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
  // The worker's code after the page's own: it serves the next visit, not this one's first paint.
  window.addEventListener('load', () => void import('./lib/pwa.ts').then(({ registerServiceWorker }) => registerServiceWorker()), { once: true });
}

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The first page's code (its files are already loading: the server preloads them) and the local
// store's read are done before the first render, so the page renders at once with its rows instead
// of suspending behind a spinner that React then holds for 300 ms. Not for long: a slow or failing
// chunk or database gets the usual fallbacks.
const FIRST_PAGE_WAIT_MS = 1_000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
function renderFirstPage() {
  const first = matchRoute(window.location.pathname);
  // After the store's read has started: the page's data is asked only when the store cannot answer.
  const firstPage =
    first && decideAccess(first.route, auth.state) === 'allow'
      ? storeStarted.then((sync) => Promise.all([preloadPage(first.route.name, first.params, window.location.search), sync?.whenStoreRead()]))
      : null;
  const ready = firstPage ? Promise.race([firstPage, wait(FIRST_PAGE_WAIT_MS)]).catch(() => undefined) : undefined;
  const rendered = Promise.all([texts, ready]).then(render, render);
  // What failures say, right after: a failed call waits for it (lib/http.ts), a page that shows it
  // without one names it among its texts (app/pages.ts).
  void rendered.then(loadFailureTexts).catch(() => undefined);
  // The other language once the page is up, so switching to it is immediate.
  const other = LOCALES.find((l) => l !== firstLocale)!;
  void texts.then(() => wait(2_000)).then(() => loadLanguage(other)).catch(() => undefined);
}

// A Telegram launch not signed in as its own account draws nothing until its sign-in has decided:
// the page reloads signed in (then this one never renders), or takes the user, or shows the refusal.
// Not for ever: a sign-in that hangs gets the loading screen (the store holds no one's data).
const TELEGRAM_SIGN_IN_WAIT_MS = 8_000;
if (launch !== null && !auth.state.user) {
  void Promise.race([telegramStep, wait(TELEGRAM_SIGN_IN_WAIT_MS)]).then((result) => result !== 'reloaded' && renderFirstPage());
} else renderFirstPage();
