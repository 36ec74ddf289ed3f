// Inside Telegram: the native BackButton on every inner page (not on the start page or a tab's
// root), going back through the app's own history, or "up" to the page's parent when nothing of the
// app lies behind (deep link, reload) instead of leaving the app; an open dialog (a bottom sheet, a
// question) is closed first, as Telegram's own screens do. The SettingsButton opens the profile.
import { buildPath, splitLocale } from '@tracker/shared/routes';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { closeTopModal, modalOpen } from '../../lib/page-keys.ts';
import { platform } from '../../platform/index.ts';
import { useSelectionHaptics } from '../../platform/use-main-button.ts';
import { appHistory } from './app-history.ts';
import { isTopLevel, parentPath } from './parent-route.ts';

// Started with the module, before any redirect (a deep link replaces the first address).
const inApp = typeof window === 'undefined' ? null : appHistory(window, () => window.location.pathname + window.location.search);

export function TelegramBridge() {
  const { tg } = useSnapshot(platform);
  const [location, navigate] = useLocation();
  const inner = !isTopLevel(location);
  const locale = useRef(splitLocale(location).locale);
  locale.current = splitLocale(location).locale;
  useSelectionHaptics();

  useEffect(() => {
    if (!tg) return;
    return tg.setBackButton(inner, () => {
      if (modalOpen()) closeTopModal();
      else if (inApp?.canGoBack()) history.back();
      else navigate(parentPath(window.location.pathname) ?? buildPath('home', {}, locale.current), { replace: true });
    });
  }, [tg, inner, navigate]);

  useEffect(() => {
    if (!tg) return;
    return tg.setSettingsButton(() => navigate(buildPath('profile', {}, locale.current)));
  }, [tg, navigate]);

  return null;
}
