// A milestone (issue 29): its target, description and progress, and its issues from the issues
// feature's list (a slot). Whoever plans the project renames, re-dates or deletes it here.
import type { MilestoneProgress } from '@tracker/shared/api/milestones';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { Page } from '../../../components/Page.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import type { IssueViews } from '../../../components/slots.ts';
import { formatDay, today } from '../../../lib/dates.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { syncState } from '../../../store/index.ts';
import { useMe } from '../../../lib/auth.ts';
import { canInProject } from '@tracker/shared/permissions';
import { planApi } from '../api.ts';
import { MilestoneActions } from '../components/MilestoneActions.tsx';
import { Progress } from '../components/Progress.tsx';
import '../plan.css';

export default function MilestonePage({ views }: { views: IssueViews }) {
  return (
    <RecordPage name="milestone" className="plan" load={planApi.milestone} refetchOn={(e, shown) => e.projectId === shown.projectId}>
      {(milestone, query) => <MilestoneView milestone={milestone} views={views} reload={query.refetch} />}
    </RecordPage>
  );
}

function MilestoneView({ milestone, views, reload }: { milestone: MilestoneProgress; views: IssueViews; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const [, navigate] = useLocation();
  const project = useSnapshot(syncState()).projects[milestone.projectId];
  const me = useMe();
  const late = milestone.targetDate < today() && milestone.completed < milestone.total;
  const { IssueList } = views;
  return (
    <Page name="milestone" className="plan" title={`◆ ${milestone.name}`}>
      <p className="plan-head">
        {project && (
          <Link href={href('project', { id: project.key })} data-testid="milestone-project">
            {project.key} · {project.name}
          </Link>
        )}
        <span className={late ? 'tag tag--warning' : 'tag'} data-testid="milestone-target">
          {t(late ? 'plan.milestone.overdue' : 'plan.milestone.due', { date: formatDay(milestone.targetDate, locale, { day: 'numeric', month: 'long', year: 'numeric' }) })}
        </span>
      </p>
      <Progress completed={milestone.completed} total={milestone.total} testid="milestone-progress" />
      {milestone.description && <p className="plan-description">{milestone.description}</p>}
      {project && canInProject(project.myRole, me?.roles, 'project.plan') && (
        <MilestoneActions milestone={milestone} onChanged={() => void reload()} onDeleted={() => navigate(href('project', { id: project.key }))} />
      )}
      <section aria-labelledby="milestone-issues">
        <h2 id="milestone-issues">{t('plan.milestone.issues')}</h2>
        <IssueList query={{ project: String(milestone.projectId), milestone: String(milestone.id) }} group="status" />
      </section>
    </Page>
  );
}
