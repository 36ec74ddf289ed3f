// Everything that touches the Telegram SDK, in one lazily loaded chunk (only inside Telegram).
// Every call goes through `ifAvailable` or a try: an older Telegram client or a plain browser with
// launch parameters never makes the app throw.
import {
  backButton,
  init,
  miniApp,
  emitEvent,
  mockTelegramEnv,
  openTelegramLink,
  popup,
  requestPhoneAccess,
  retrieveLaunchParams,
  shareMessage,
  checkHomeScreenStatus,
  addToHomeScreen,
  retrieveRawInitData,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { log } from '../lib/logger.ts';
import { assertPopup, type PopupParams } from './popup.ts';
import { hasTelegramTransport } from './detect.ts';
import { result, telegramControls, type HapticKind, type TelegramControls } from './telegram-controls.ts';

export type { HapticKind, MainButtonParams } from './telegram-controls.ts';

export interface TelegramApi extends Omit<TelegramControls, 'haptic'> {
  rawInitData(): string | undefined;
  startParam: string | null;
  /** AppRoot platform of telegram-ui: iOS look on Apple clients, the base look elsewhere. */
  uiPlatform: 'ios' | 'base';
  isDark(): boolean;
  onThemeChange(fn: () => void): void;
  setBackButton(visible: boolean, onClick: () => void): () => void;
  haptic(kind: HapticKind): void;
  /** Telegram's popup exists in this client (Bot API 6.2). */
  canPopup(): boolean;
  showPopup(params: PopupParams): Promise<string | null>;
  requestPhone(): Promise<'sent' | 'cancelled' | 'unsupported'>;
  openLink(url: string): void;
  /** Telegram's "share to a chat" dialog for a prepared message exists in this client (Bot API 8.0). */
  canShareMessage(): boolean;
  /** Opens that dialog for a message the bot prepared: sent, or cancelled by the person. */
  shareMessage(id: string): Promise<'sent' | 'cancelled'>;
  /** Whether the app is on the device's home screen (Bot API 8.0); `unsupported` where the client cannot tell. */
  homeScreenStatus(): Promise<'unsupported' | 'unknown' | 'added' | 'missed'>;
  /** Asks Telegram to add the app to the home screen (its own confirmation dialog). */
  addToHomeScreen(): void;
}


const safe = <T>(what: string, fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch (err) {
    log.warn(`telegram: ${what} failed`, err);
    return fallback;
  }
};

function mockClient() {
  const launch = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const theme = safe('mock theme', () => JSON.parse(launch.get('tgWebAppThemeParams') ?? '{}') as Record<string, `#${string}`>, {});
  mockTelegramEnv({
    // Stored by the SDK, so the launch data survives the sign-in reload and in-app navigation.
    launchParams: launch.has('tgWebAppData') ? launch : undefined,
    onEvent: ([method, params]) => {
      if (method === 'web_app_request_theme') emitEvent('theme_changed', { theme_params: theme });
      else if (method === 'web_app_request_viewport') {
        emitEvent('viewport_changed', { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true });
      } else if (method === 'web_app_open_popup') {
        // No Telegram to draw it: the browser's confirm answers with the first button or none.
        const popupParams = params as { message: string; buttons: { id: string }[] };
        emitEvent('popup_closed', window.confirm(popupParams.message) ? { button_id: popupParams.buttons[0]?.id } : {});
      } else log.debug('telegram mock:', method);
    },
  });
}

export function initTelegram(): TelegramApi {
  // A plain browser opened with launch parameters (development builds only, see detect.ts): the
  // SDK's mock stands in for the client, answering what the app asks of it.
  if (import.meta.env.DEV && !hasTelegramTransport(window as unknown as Parameters<typeof hasTelegramTransport>[0])) safe('mock', mockClient, undefined);
  // Telegram Web's optional custom stylesheet arrives as text for a <style> element, which the CSP
  // (style-src 'self', no inline styles) refuses: decline it instead of logging a violation.
  safe('init', () => init({ acceptCustomStyles: false }), undefined);
  const lp = safe('launch params', () => retrieveLaunchParams(), null);
  safe('theme', () => {
    themeParams.mountSync.ifAvailable();
    if (!themeParams.isCssVarsBound()) themeParams.bindCssVars.ifAvailable();
  }, undefined);
  safe('mini app', () => {
    miniApp.mountSync.ifAvailable();
    miniApp.ready.ifAvailable();
  }, undefined);
  // The viewport answers asynchronously (and some clients never do): never wait for it.
  safe('viewport', () => {
    const mounting = result<Promise<void>>(viewport.mount.ifAvailable());
    if (mounting) {
      void Promise.resolve(mounting)
        .then(() => {
          if (!viewport.isCssVarsBound()) viewport.bindCssVars.ifAvailable();
          viewport.expand.ifAvailable();
        })
        .catch((err: unknown) => log.debug('telegram: viewport', err));
    }
  }, undefined);
  safe('back button', () => backButton.mount.ifAvailable(), undefined);
  const version = String(lp?.tgWebAppVersion ?? '0.0');
  const noControls: TelegramControls = { setMainButton: () => () => {}, setSecondaryButton: () => () => {}, setSettingsButton: () => () => {}, setClosingConfirmation() {}, setVerticalSwipes() {}, haptic() {} };
  const controls = safe('controls', () => telegramControls(version), noControls);

  const platformName = String(lp?.tgWebAppPlatform ?? '');
  return {
    rawInitData: () => retrieveRawInitData(),
    startParam: typeof lp?.tgWebAppStartParam === 'string' ? lp.tgWebAppStartParam : null,
    uiPlatform: platformName === 'ios' || platformName === 'macos' ? 'ios' : 'base',
    isDark: () => safe('isDark', () => themeParams.isDark(), false),
    onThemeChange: (fn) => safe('theme change', () => void themeParams.isDark.sub(fn), undefined),
    setBackButton(visible, onClick) {
      if (!visible) {
        backButton.hide.ifAvailable();
        return () => {};
      }
      backButton.show.ifAvailable();
      const off = result<VoidFunction>(backButton.onClick.ifAvailable(onClick));
      return () => off?.();
    },
    ...controls,
    canPopup: () => safe('popup', () => popup.show.isAvailable(), false),
    async showPopup(params) {
      const checked = assertPopup(params);
      const shown = result<Promise<string | null>>(popup.show.ifAvailable({ title: checked.title, message: checked.message, buttons: checked.buttons as never }));
      return shown ? ((await shown) ?? null) : null;
    },
    async requestPhone() {
      const asked = result<Promise<string>>(requestPhoneAccess.ifAvailable());
      if (!asked) return 'unsupported';
      return (await asked) === 'sent' ? 'sent' : 'cancelled';
    },
    openLink(url) {
      const [opened] = openTelegramLink.ifAvailable(url);
      if (!opened) window.open(url, '_blank', 'noopener');
    },
    async homeScreenStatus() {
      const checked = result<Promise<string>>(safe('home screen', () => checkHomeScreenStatus.ifAvailable(), [false] as const));
      if (!checked) return 'unsupported';
      try {
        const status = await checked;
        return status === 'added' || status === 'missed' || status === 'unknown' ? status : 'unsupported';
      } catch {
        return 'unsupported';
      }
    },
    addToHomeScreen: () => void safe('home screen', () => addToHomeScreen.ifAvailable(), undefined),
    canShareMessage: () => safe('share', () => shareMessage.isAvailable(), false),
    async shareMessage(id) {
      const shared = result<Promise<void>>(shareMessage.ifAvailable(id));
      if (!shared) return 'cancelled';
      try {
        await shared;
        return 'sent';
      } catch (err) {
        // Telegram says why it was not sent (the person closed the dialog, or the message expired).
        log.info('telegram: share not sent', err);
        return 'cancelled';
      }
    },
  };
}
