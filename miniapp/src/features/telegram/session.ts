// Inside Telegram, once the session call is answered: automatic sign-in (spec §4), then the start
// parameter's deep link. Loaded only inside Telegram (or with the unsafe fallback on).
import { buildPath, splitLocale } from '@tracker/shared/routes';
import { subscribe } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { config } from '../../lib/config.ts';
import { telegram } from '@tracker/shared/api/contract/session';
import { api } from '../../lib/api-client.ts';
import { refusalOf } from '../../lib/http.ts';
import { switchLocalePath } from '../../lib/locale.ts';
import { log } from '../../lib/logger.ts';
import { setSessionToken } from '../../lib/session-token.ts';
import { platform } from '../../platform/index.ts';
import { auth, signedIn } from '../../lib/auth.ts';
import type { User } from '@tracker/shared/api/users';
import { autoSignIn, type AutoSignInResponse, type AutoSignInResult } from './auto-sign-in.ts';
import { deepLinkPath, isUnknownStartParam } from './deep-link.ts';
import { telegramSession } from './session-state.ts';

const DEEP_LINK_DONE = 'tracker.startParamHandled';

function hydrated(): Promise<void> {
  if (auth.state.hydrated) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribe(auth.state, () => {
      if (auth.state.hydrated) {
        stop();
        resolve();
      }
    });
  });
}

async function send(body: { tgWebAppDataRaw: string; unsafeFallback: boolean }): Promise<AutoSignInResponse> {
  try {
    return await api(telegram.callback, { body });
  } catch (err) {
    // A refusal carries `error` (spec §8: logged only); anything else is a network/parse failure.
    const refused = refusalOf(err)?.data.error;
    if (refused !== undefined) return { error: refused };
    throw err;
  }
}

/**
 * Inside Telegram the account's language decides (set from Telegram's language_code when the account
 * was made, then the user's own choice): never the address the bot opened, nor the browser's language.
 */
function followAccountLanguage() {
  const locale = auth.state.user?.locale;
  if (!locale) return;
  const target = switchLocalePath(location.pathname, location.search, locale);
  if (target !== location.pathname + location.search) navigate(target, { replace: true });
}

/** True the first time in this tab (so in-app navigation and reloads are left alone). */
function firstTime(): boolean {
  try {
    if (sessionStorage.getItem(DEEP_LINK_DONE)) return false;
    sessionStorage.setItem(DEEP_LINK_DONE, '1');
  } catch {
    /* storage blocked: act anyway */
  }
  return true;
}

/** `startapp=issue_<id>` etc. opens its page before sign-in's reload, so the reloaded page is already there. */
function openDeepLink() {
  const path = deepLinkPath(platform.tg?.startParam, splitLocale(location.pathname).locale);
  if (!path || !firstTime()) return;
  if (location.pathname !== path) history.replaceState(history.state, '', path);
}

/** An unknown or malformed `startapp`: My work with a notice, once the page stays (after sign-in's reload). */
function answerUnknownStartParam() {
  if (!isUnknownStartParam(platform.tg?.startParam) || !firstTime()) return;
  navigate(buildPath('home', {}, splitLocale(location.pathname).locale), { replace: true });
  telegramSession.unknownStartParam = true;
}

/** Resolves with the sign-in's outcome ('reloaded': the page is being reloaded, signed in). */
export async function startTelegramSession(): Promise<AutoSignInResult> {
  const hash = location.hash;
  openDeepLink();
  await hydrated();
  const result = await autoSignIn({
    isAuthenticated: () => auth.state.isAuthenticated,
    readSdkInitData: () => platform.tg?.rawInitData(),
    unsafeFallback: config.telegramUnsafeFallback,
    locationHash: hash,
    send,
    storage: localStorage,
    reload: () => location.reload(),
    now: () => Date.now(),
    adopt: (response) => response.user && signedIn(response.user as User),
    keepSessionToken: setSessionToken,
    log,
  });
  log.debug('telegram: auto sign-in', result);
  followAccountLanguage();
  telegramSession.signIn = result;
  if (result !== 'reloaded') answerUnknownStartParam();
  // The outcome on the page, so a test proves "no further reload" by the decision, not by waiting.
  document.documentElement.dataset.tgSignIn = result;
  return result;
}
