// The home route: My work for a signed-in user, in the app shell and on the desktop alike (issue 15:
// a signed-in `/` opens my issues); the marketing home for visitors. Inside Telegram, while the
// account is being signed in, neither (the reopen screen covers a refusal).
import { lazy } from 'react';
import { useSnapshot } from 'valtio';
import { Loading } from '../../components/Loading.tsx';
import { auth } from '../../lib/auth.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useInTelegram } from './use-app-shell.ts';

const MarketingHome = lazy(() => Promise.all([import('../../features/home/pages/HomePage.tsx'), loadNamespaces(['home'])]).then(([m]) => m));
const MyWorkPage = lazy(() => Promise.all([import('../../features/my-work/MyWorkPage.tsx'), loadNamespaces(['myWork', 'issues', 'plan'])]).then(([m]) => m));

export default function HomeRoute() {
  const telegram = useInTelegram();
  const { user } = useSnapshot(auth.state);
  if (user) return <MyWorkPage />;
  if (telegram) return <Loading />;
  return <MarketingHome />;
}
