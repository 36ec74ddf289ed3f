// "My work", the app shell's start screen: quick add (or onboarding without a project), my open
// issues by due date, and recent activity on the issues I watch.
import type { Activity, IssueListItem } from '@tracker/shared/api/issues';
import type { Project } from '@tracker/shared/api/projects';
import { canInProject } from '@tracker/shared/permissions';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useLiveEvents } from '../../lib/live.ts';
import { log } from '../../lib/logger.ts';
import { auth } from '../auth/index.ts';
import { myWorkApi } from './api.ts';
import { MyIssues } from './MyIssues.tsx';
import { Onboarding } from './Onboarding.tsx';
import { QuickAddBar } from './QuickAddBar.tsx';
import { WatchedActivity } from './WatchedActivity.tsx';
import './my-work.css';

const LIVE_COALESCE_MS = 300;

interface Data {
  issues: IssueListItem[];
  projects: Project[];
  activity: Activity[];
}

export default function MyWorkPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(auth.state);
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [issues, projects, activity] = await Promise.all([myWorkApi.myIssues(), myWorkApi.projects(), myWorkApi.watching()]);
      setData({ issues, projects, activity });
      setFailed(false);
    } catch (err) {
      log.warn('my work: load failed', err);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Someone assigns, edits or comments: reload once per burst of live events, not per event.
  const burst = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(burst.current), []);
  useLiveEvents(null, () => {
    clearTimeout(burst.current);
    burst.current = setTimeout(() => void load(), LIVE_COALESCE_MS);
  });

  const creatable = (data?.projects ?? []).filter((p) => !p.archivedAt && canInProject(p.myRole, user?.roles, 'issue.create'));
  return (
    <Page name="myWork" title={t('myWork.title')} className="my-work">
      {failed && !data && <p role="alert">{t('myWork.loadFailed')}</p>}
      {!data && !failed && <Loading />}
      {data && (
        <>
          {creatable.length ? <QuickAddBar projects={creatable} onCreated={() => void load()} /> : <Onboarding onCreated={() => void load()} />}
          <MyIssues issues={data.issues} />
          <WatchedActivity activity={data.activity} />
        </>
      )}
    </Page>
  );
}
