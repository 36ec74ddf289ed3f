// "My work", the app shell's start screen: quick add (or onboarding without a project), my share of
// the current cycles, my open issues by due date, and recent activity on the issues I watch.
import type { IssueListItem } from '@tracker/shared/api/issues';
import type { Project } from '@tracker/shared/api/projects';
import { canInProject } from '@tracker/shared/permissions';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useMe } from '../../lib/auth.ts';
import { useQuery } from '../../lib/query.ts';
import { MY_ISSUES, myWorkApi } from './api.ts';
import { syncState, useStoreList, useStoreReference } from '../../store/index.ts';
import { MyCycles } from './MyCycles.tsx';
import { MyIssues } from './MyIssues.tsx';
import { HomeScreenOffer } from './HomeScreenOffer.tsx';
import { QuickAddBar } from './QuickAddBar.tsx';
import { WatchedActivity } from './WatchedActivity.tsx';
import './my-work.css';

// A new user's first step (a form: react-hook-form and zod) loads only for them, not with everyone's My work.
const Onboarding = lazy(() => import('./Onboarding.tsx').then((m) => ({ default: m.Onboarding })));

interface Data {
  issues: readonly IssueListItem[];
  projects: readonly Pick<Project, 'id' | 'key' | 'name' | 'archivedAt' | 'myRole'>[];
}

/** My open issues and my projects from the store, or null before its first bootstrap. */
function useStoreMyWork(me: number | null): Data | null {
  const list = useStoreList(MY_ISSUES, me);
  const reference = useStoreReference();
  const { issues } = useSnapshot(syncState());
  return useMemo(
    // Snapshots are read-only; the screen only reads them.
    () => (list && reference ? { issues: list.ids.flatMap((id) => (issues[id] ? [issues[id] as IssueListItem] : [])), projects: reference.projects } : null),
    [list, reference, issues],
  );
}

export default function MyWorkPage() {
  const { t } = useTranslation();
  const user = useMe();
  // My issues and projects from the client store (every change from its feed); the activity on
  // watched issues, which it does not hold, from the server, asked again on live changes.
  const data = useStoreMyWork(user?.id ?? null);
  const watched = useQuery(['my-work', 'watching'], () => myWorkApi.watching(), { refetchOn: (e) => e.type !== 'inbox.changed' });

  const creatable = (data?.projects ?? []).filter((p) => !p.archivedAt && canInProject(p.myRole, user?.roles, 'issue.create'));
  return (
    <Page name="myWork" title={t('myWork.title')} className="my-work">
      {watched.error !== null && !data && <p role="alert">{t('myWork.loadFailed')}</p>}
      {!data && watched.error === null && <Loading />}
      {data && (
        <>
          <HomeScreenOffer />
          {creatable.length ? (
            <QuickAddBar projects={creatable} />
          ) : (
            <Suspense fallback={null}>
              <Onboarding />
            </Suspense>
          )}
          {user && <MyCycles me={user.id} />}
          <MyIssues issues={data.issues} />
          <WatchedActivity activity={watched.data ?? []} />
        </>
      )}
    </Page>
  );
}
