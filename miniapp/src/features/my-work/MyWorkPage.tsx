// "My work", the app shell's start screen: quick add (or onboarding without a project), my open
// issues by due date, and recent activity on the issues I watch.
import type { Activity, IssueListItem } from '@tracker/shared/api/issues';
import type { Project } from '@tracker/shared/api/projects';
import { canInProject } from '@tracker/shared/permissions';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useLiveEvents } from '../../lib/live.ts';
import { log } from '../../lib/logger.ts';
import { auth } from '../auth/index.ts';
import { MY_ISSUES, myWorkApi } from './api.ts';
import { syncState, useStoreList, useStoreReference } from '../sync/index.ts';
import { MyIssues } from './MyIssues.tsx';
import { HomeScreenOffer } from './HomeScreenOffer.tsx';
import { Onboarding } from './Onboarding.tsx';
import { QuickAddBar } from './QuickAddBar.tsx';
import { WatchedActivity } from './WatchedActivity.tsx';
import './my-work.css';

const LIVE_COALESCE_MS = 300;

interface Data {
  issues: readonly IssueListItem[];
  projects: readonly Pick<Project, 'id' | 'key' | 'name' | 'archivedAt' | 'myRole'>[];
}

/** My open issues and my projects from the store, or null when it is not synced. */
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
  const { user } = useSnapshot(auth.state);
  const [fetched, setData] = useState<Data | null>(null);
  const [activity, setActivity] = useState<Activity[]>([]);
  const [failed, setFailed] = useState(false);
  // My issues and projects from the client store when it is synced (every change from its feed);
  // the activity on watched issues, which it does not hold, from the server beside them.
  const stored = useStoreMyWork(user?.id ?? null);
  const fromStore = stored !== null;

  const load = useCallback(async () => {
    try {
      const [issues, projects, watched] = await Promise.all([fromStore ? null : myWorkApi.myIssues(), fromStore ? null : myWorkApi.projects(), myWorkApi.watching()]);
      if (issues && projects) setData({ issues, projects });
      setActivity(watched);
      setFailed(false);
    } catch (err) {
      log.warn('my work: load failed', err);
      setFailed(true);
    }
  }, [fromStore]);

  useEffect(() => {
    void load();
  }, [load]);

  // Someone assigns, edits or comments: reload once per burst of live events, not per event.
  const burst = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(burst.current), []);
  useLiveEvents((e) => e.type !== 'inbox.changed', () => {
    clearTimeout(burst.current);
    burst.current = setTimeout(() => void load(), LIVE_COALESCE_MS);
  });

  const data = stored ?? fetched;
  const creatable = (data?.projects ?? []).filter((p) => !p.archivedAt && canInProject(p.myRole, user?.roles, 'issue.create'));
  return (
    <Page name="myWork" title={t('myWork.title')} className="my-work">
      {failed && !data && <p role="alert">{t('myWork.loadFailed')}</p>}
      {!data && !failed && <Loading />}
      {data && (
        <>
          <HomeScreenOffer />
          {creatable.length ? <QuickAddBar projects={creatable} onCreated={() => void load()} /> : <Onboarding onCreated={() => void load()} />}
          <MyIssues issues={data.issues} />
          <WatchedActivity activity={activity} />
        </>
      )}
    </Page>
  );
}
