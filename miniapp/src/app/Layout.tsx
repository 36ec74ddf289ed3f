import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { Toaster } from '../components/Toaster.tsx';
import { CreateIssueHost } from './CreateIssueHost.tsx';
import { PaletteHost } from '../features/palette/index.ts';
import { AccountDialogsHost } from '../features/account-dialogs/index.ts';
import { auth } from '../lib/auth.ts';
import { telegramSession } from '../features/telegram/index.ts';
import { useHref } from '../lib/use-locale.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Header } from './Header.tsx';
import { IssueHover } from './hover/IssueHover.tsx';
import { useAppShell, useDesktopSidebar, useInTelegram } from './shell/use-app-shell.ts';
import './shell/shell.css';

// The shell's pieces load only where the shell is shown: a website visitor's first load stays small
// (the bench's first-load budget), and the chunks are tiny when a phone or Telegram needs them.
const ReopenScreen = lazy(() => import('./shell/ReopenScreen.tsx').then((m) => ({ default: m.ReopenScreen })));
const ShellNotices = lazy(() => import('./shell/ShellNotices.tsx').then((m) => ({ default: m.ShellNotices })));
const ShellSettings = lazy(() => import('./shell/ShellSettings.tsx').then((m) => ({ default: m.ShellSettings })));
const Sidebar = lazy(() => import('./sidebar/Sidebar.tsx').then((m) => ({ default: m.Sidebar })));
const TabBar = lazy(() => import('./shell/TabBar.tsx').then((m) => ({ default: m.TabBar })));


export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const href = useHref();
  const [location] = useLocation();
  const shell = useAppShell();
  const telegram = useInTelegram();
  const { user } = useSnapshot(auth.state);
  const { signIn } = useSnapshot(telegramSession);
  // Inside Telegram a launch that did not end signed in, or whose session ended or went to another
  // account since, can only be fixed by opening the app again (the page being reloaded shows nothing).
  const reopen = telegram && !user && signIn !== null && signIn !== 'reloaded';
  const tabs = shell && !!user && !reopen;
  const desktop = useDesktopSidebar(shell);
  const website = !shell && !desktop;
  return (
    <div className={`layout${shell ? ' layout--shell' : ''}${tabs ? ' layout--tabs' : ''}${desktop ? ' layout--sidebar' : ''}`} data-shell={shell ? 'app' : desktop ? 'desktop' : 'web'}>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      {website && <Header />}
      {desktop && (
        <Suspense fallback={<div className="sidebar sidebar--pending" aria-hidden="true" />}>
          <Sidebar />
        </Suspense>
      )}
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary resetKey={location}>{reopen ? (
            <Suspense fallback={null}>
              <ReopenScreen />
            </Suspense>
          ) : (
            children
          )}</ErrorBoundary>
        {tabs && location === href('profile') && (
          <Suspense fallback={null}>
            <ShellSettings />
          </Suspense>
        )}
      </main>
      {website && (
        <footer className="footer">
          <p>{t('common.footer.rights')}</p>
          <Link href={href('privacy')}>{t('common.footer.privacy')}</Link>
        </footer>
      )}
      <Suspense fallback={null}>
        {tabs && <TabBar />}
        {telegram && <ShellNotices />}
      </Suspense>
      <Toaster />
      <PaletteHost />
      {user && <IssueHover />}
      <CreateIssueHost />
      <AccountDialogsHost />
    </div>
  );
}
