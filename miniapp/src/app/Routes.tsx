import { fallbackTitle } from '@tracker/shared/head';
import { buildPath, matchRoute, type RouteMatch } from '@tracker/shared/routes';
import { memo, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { Loading } from '../components/Loading.tsx';
import { auth } from '../lib/auth.ts';
import { decideAccess, loginRedirectPath } from './access.ts';
import { boot } from './boot.ts';
import { ErrorPage, ForbiddenPage } from './ErrorPage.tsx';
import { loadedPage, PAGES } from './pages.ts';
import { documentTitle, pageTitle } from '../lib/page-title.ts';
import { useHead } from './use-head.ts';

/** Matches the location against the shared route table (the same matcher gives the server's 404). */
export function Routes() {
  const [location] = useLocation();
  const authSnap = useSnapshot(auth.state);
  const bootSnap = useSnapshot(boot);
  if (!authSnap.hydrated || !bootSnap.redirectChecked) return <Loading />;
  const match = matchRoute(location);
  if (!match || !PAGES[match.route.name]) return <ErrorPage status={404} path={location} />;
  return <RoutePage match={match} />;
}

function RoutePage({ match }: { match: RouteMatch }) {
  const { t, i18n } = useTranslation();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const authSnap = useSnapshot(auth.state);
  const access = decideAccess(match.route, authSnap);
  const titleKey = `titles.${match.route.name}`;
  const title = i18n.exists(titleKey) ? t(titleKey) : fallbackTitle(match.barePath);

  useEffect(() => {
    if (access !== 'login') return;
    const current = location + (search ? `?${search}` : '');
    navigate(loginRedirectPath(buildPath('login', {}, match.locale), current), { replace: true });
  }, [access, location, search, match.locale, navigate]);

  if (access === 'forbidden') return <ForbiddenPage />;
  if (access !== 'allow') return <Loading />;
  return <AllowedPage key={match.route.name} name={match.route.name} title={title} />;
}

// Memoised: a change of the query alone (a sort, a filter) renders the page from its own hooks.
const AllowedPage = memo(function AllowedPage({ name, title }: { name: string; title: string }) {
  // Chosen once per route: switching from the lazy wrapper to the loaded component would remount
  // the page and run its effects twice (a confirmation link would be spent twice).
  const [Page] = useState(() => loadedPage(name) ?? PAGES[name]!);
  return (
    <>
      <RouteHead name={name} title={title} />
      <Suspense fallback={<Loading page />}>
        <Page />
      </Suspense>
    </>
  );
});

/** The document's title: apart from the page, so a page naming itself (an issue's key) renders no page again. */
function RouteHead({ name, title }: { name: string; title: string }) {
  const { t } = useTranslation();
  const named = useSnapshot(pageTitle).text;
  const signedIn = useSnapshot(auth.state).user !== null;
  // Signed in, the home route is my work (app/shell/HomeRoute.tsx).
  const routeTitle = name === 'home' && signedIn ? t('titles.myWork') : title;
  useHead(documentTitle(named ?? routeTitle, t('productName')), true);
  return null;
}
