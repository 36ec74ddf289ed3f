// The inbox, with the projects feature's triage list: features import no feature, the route composes them.
import { lazy } from 'react';
import InboxPage from '../../features/inbox/InboxPage.tsx';

// Triage's actions and forms load when it is opened.
const TriageList = lazy(() => import('../../features/projects/index.ts').then((m) => ({ default: m.TriageList })));

export default function InboxRoute() {
  return <InboxPage TriageList={TriageList} />;
}
