// The home route: My work in the app shell for a signed-in user; the marketing home on the website.
// Inside Telegram, while the account is being signed in, neither (the reopen screen covers a refusal).
import { lazy } from 'react';
import { useSnapshot } from 'valtio';
import { Loading } from '../../components/Loading.tsx';
import { auth } from '../../features/auth/index.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useAppShell, useInTelegram } from './use-app-shell.ts';

const MarketingHome = lazy(() => import('../../features/home/pages/HomePage.tsx'));
const MyWorkPage = lazy(() => Promise.all([import('../../features/my-work/MyWorkPage.tsx'), loadNamespaces(['myWork', 'issues'])]).then(([m]) => m));

export default function HomeRoute() {
  const shell = useAppShell();
  const telegram = useInTelegram();
  const { user } = useSnapshot(auth.state);
  if (shell && user) return <MyWorkPage />;
  if (telegram) return <Loading />;
  return <MarketingHome />;
}
