import { splitLocale } from '@tracker/shared/routes';
import { useLayoutEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Router, useLocation } from 'wouter';
import { ConfirmHost } from '../components/ConfirmHost.tsx';
import { TelegramBridge } from '../features/telegram/TelegramBridge.tsx';
import { colorMode } from '../lib/color-mode.ts';
import { createI18n, loadLanguage } from '../lib/i18n.ts';
import { platform } from '../platform/index.ts';
import { AppRoot } from './AppRoot.tsx';
import { Layout } from './Layout.tsx';
import { NavigationStep } from './NavigationStep.tsx';
import { Routes } from './Routes.tsx';
import { SyncSession } from './SyncSession.tsx';

export function App() {
  return (
    <Router>
      <Providers>
        <NavigationStep />
        <SyncSession />
        <TelegramBridge />
        <ConfirmHost />
        <Layout>
          <Routes />
        </Layout>
      </Providers>
    </Router>
  );
}

function Providers({ children }: { children: React.ReactNode }) {
  const [location] = useLocation();
  const locale = splitLocale(location).locale;
  const [i18n] = useState(() => createI18n(locale));
  const { mode } = useSnapshot(colorMode.state);
  // Inside Telegram the client's theme wins (its colours come from the SDK's --tg-theme-* variables).
  const tg = useSnapshot(platform);
  const appearance = tg.appearance ?? mode;

  // html.dark marks the effective appearance for CSS, the client's inside Telegram (run again after
  // the colour mode has applied its own, e.g. when the OS scheme changes under Telegram).
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', appearance === 'dark');
    root.classList.toggle('light', appearance === 'light');
    root.style.colorScheme = appearance;
  }, [appearance, mode]);

  // The language follows the path (/en…). The page's language was loaded before the first render and
  // the other one right after it (main.tsx), so a switch finds its texts already there.
  // A path that changed before the first render (a Telegram account's language) may name a language
  // whose texts are not there yet: they load, and the change of language re-renders with them.
  useLayoutEffect(() => {
    if (i18n.language !== locale || !i18n.hasResourceBundle(locale, 'common')) void loadLanguage(locale).then(() => i18n.changeLanguage(locale));
    document.documentElement.lang = locale;
  }, [i18n, locale]);

  return (
    <I18nextProvider i18n={i18n}>
      <AppRoot appearance={appearance} platform={tg.uiPlatform}>
        {children}
      </AppRoot>
    </I18nextProvider>
  );
}
