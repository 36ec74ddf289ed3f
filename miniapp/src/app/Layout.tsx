import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Toaster } from '../components/Toaster.tsx';
import { PaletteHost } from '../features/palette/index.ts';
import { AccountDialogsHost } from '../features/account-dialogs/index.ts';
import { useHref } from '../lib/use-locale.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Header } from './Header.tsx';

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const href = useHref();
  const [location] = useLocation();
  return (
    <div className="layout">
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>
      </main>
      <footer className="footer">
        <p>{t('common.footer.rights')}</p>
        <Link href={href('privacy')}>{t('common.footer.privacy')}</Link>
      </footer>
      <Toaster />
      <PaletteHost />
      <AccountDialogsHost />
    </div>
  );
}
