// Telegram's own controls around the page: Main/Secondary/Settings buttons, closing confirmation,
// vertical swipes, haptics. Every call goes through `ifAvailable` (an older client lacks the
// component and the call is silently skipped); the closing behaviour, which the SDK believes every
// client has, is gated on Bot API 6.2 here.
import { closingBehavior, hapticFeedback, mainButton, secondaryButton, settingsButton, swipeBehavior, themeParams } from '@telegram-apps/sdk-react';
import { TG_BUTTON_FALLBACK } from '@tracker/shared/limits';
import { isPopupColor } from './popup.ts';

export interface MainButtonParams {
  text: string;
  enabled?: boolean;
  loading?: boolean;
}

export type HapticKind = 'success' | 'error' | 'warning' | 'light' | 'selection';

/** The result of an `ifAvailable` call, or undefined when the method was not available. */
export const result = <T>(r: [true, T] | [false] | readonly unknown[]): T | undefined => (r[0] ? (r[1] as T) : undefined);

/** `version` is at least `min` (dotted Bot API versions, "6.10" > "6.9"). */
export function atLeast(version: string, min: string): boolean {
  const a = version.split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] || 0;
    const y = b[i] || 0;
    if (x !== y) return x > y;
  }
  return true;
}

const color = (value: string | undefined, fallback: string) => (isPopupColor(value) ? value : fallback) as `#${string}`;

/** Mounts what the client supports; returns the calls the app makes on them. */
export function telegramControls(version: string) {
  // The swipe behaviour is mounted on first use: mounting it turns vertical swipes off.
  for (const c of [mainButton, secondaryButton, settingsButton]) c.mount.ifAvailable();
  const canConfirmClose = atLeast(version, '6.2');
  if (canConfirmClose) closingBehavior.mount.ifAvailable();

  return {
    setMainButton(params: MainButtonParams | null, onClick?: () => void): () => void {
      if (!params) {
        mainButton.setParams.ifAvailable({ isVisible: false });
        return () => {};
      }
      mainButton.setParams.ifAvailable({
        text: params.text,
        isVisible: true,
        isEnabled: params.enabled ?? true,
        isLoaderVisible: params.loading ?? false,
        backgroundColor: color(themeParams.buttonColor(), TG_BUTTON_FALLBACK.color),
        textColor: color(themeParams.buttonTextColor(), TG_BUTTON_FALLBACK.textColor),
      });
      const off = onClick ? result<VoidFunction>(mainButton.onClick.ifAvailable(onClick)) : undefined;
      return () => {
        off?.();
        mainButton.setParams.ifAvailable({ isVisible: false });
      };
    },
    /** The page's second action beside the MainButton (Bot API 7.10). */
    setSecondaryButton(params: MainButtonParams | null, onClick?: () => void): () => void {
      if (!params) {
        if (secondaryButton.isMounted()) secondaryButton.setParams.ifAvailable({ isVisible: false });
        return () => {};
      }
      secondaryButton.setParams.ifAvailable({
        text: params.text,
        isVisible: true,
        isEnabled: params.enabled ?? true,
        isLoaderVisible: params.loading ?? false,
        position: 'left',
        backgroundColor: color(themeParams.secondaryBackgroundColor() ?? themeParams.backgroundColor(), '#ffffff'),
        textColor: color(themeParams.buttonColor(), TG_BUTTON_FALLBACK.color),
      });
      const off = onClick ? result<VoidFunction>(secondaryButton.onClick.ifAvailable(onClick)) : undefined;
      return () => {
        off?.();
        secondaryButton.setParams.ifAvailable({ isVisible: false });
      };
    },
    /** The settings item of the app's menu (Bot API 6.10). */
    setSettingsButton(onClick: () => void): () => void {
      settingsButton.show.ifAvailable();
      const off = result<VoidFunction>(settingsButton.onClick.ifAvailable(onClick));
      return () => {
        off?.();
        settingsButton.hide.ifAvailable();
      };
    },
    setClosingConfirmation(on: boolean) {
      if (!canConfirmClose) return;
      if (on) closingBehavior.enableConfirmation.ifAvailable();
      else closingBehavior.disableConfirmation.ifAvailable();
    },
    /** Vertical swipes minimise/close the app (Bot API 7.7): off while the user drags something. */
    setVerticalSwipes(enabled: boolean) {
      if (!swipeBehavior.isMounted()) swipeBehavior.mount.ifAvailable();
      if (enabled) swipeBehavior.enableVertical.ifAvailable();
      else swipeBehavior.disableVertical.ifAvailable();
    },
    haptic(kind: HapticKind) {
      if (kind === 'light') hapticFeedback.impactOccurred.ifAvailable('light');
      else if (kind === 'selection') hapticFeedback.selectionChanged.ifAvailable();
      else hapticFeedback.notificationOccurred.ifAvailable(kind);
    },
  };
}

export type TelegramControls = ReturnType<typeof telegramControls>;
