// telegram-ui's root for what the app always knows (its appearance and platform): the package's own
// AppRoot guesses both when not given (hooks, Telegram and browser subscriptions, object helpers and
// floating-ui's DOM utilities: 2.5 KB of the first load) and applies a new appearance one render late.
// Its components (Tabbar, Switch) read the same context; the root's classes are the package's own,
// checked against its AppRoot by AppRoot.test.ts.
import { AppRootContext } from '@telegram-apps/telegram-ui/dist/components/Service/AppRoot/AppRootContext';
import { useMemo, useRef, type ReactNode, type RefObject } from 'react';

export const TGUI_ROOT_CLASSES = { root: 'tgui-6a12827a138e8827', ios: 'tgui-56dbb42c1dbd5e2b', dark: 'tgui-865b921add8ee075' } as const;

export function AppRoot({ appearance, platform, children }: { appearance: 'light' | 'dark'; platform: 'ios' | 'base'; children: ReactNode }) {
  // Typed by telegram-ui as never empty; like its own root's, it is until the root mounts.
  const portalContainer = useRef<HTMLDivElement>(null) as RefObject<HTMLDivElement>;
  const context = useMemo(() => ({ appearance, platform, portalContainer, isRendered: true }), [appearance, platform]);
  const classes = [TGUI_ROOT_CLASSES.root, platform === 'ios' && TGUI_ROOT_CLASSES.ios, appearance === 'dark' && TGUI_ROOT_CLASSES.dark, 'app-root'];
  return (
    <div ref={portalContainer} className={classes.filter(Boolean).join(' ')} data-appearance={appearance} data-ui-platform={platform}>
      <AppRootContext.Provider value={context}>{children}</AppRootContext.Provider>
    </div>
  );
}
