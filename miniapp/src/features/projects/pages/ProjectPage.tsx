import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { Markdown } from '../../../components/Markdown.tsx';
import type { ProjectCapability } from '@tracker/shared/permissions';
import { canInProject } from '@tracker/shared/permissions';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { createIssueClick } from '../../../lib/create-issue.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { projectsApi } from '../api.ts';
import { ActivityFeed } from '../components/ActivityFeed.tsx';
import { ProjectBadge } from '../../../components/ProjectBadge.tsx';
import { ProjectChecklist } from '../components/ProjectChecklist.tsx';
import { TriageList } from '../components/triage/TriageList.tsx';
import { ProjectIssues } from '../components/ProjectIssues.tsx';
import type { IssueViews, ProjectPlanSlot } from '../../../components/slots.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { StatusProgress } from '../components/StatusProgress.tsx';
import { useMe } from '../../../lib/auth.ts';
import { useQuery } from '../../../lib/query.ts';
import '../projects.css';
import { errorText } from '../../../lib/error-text.ts';

const TABS = ['overview', 'list', 'board', 'triage'] as const;
type Tab = (typeof TABS)[number];

/** `views`: the issues feature's list and board, passed in by the route (app/routes/ProjectPage.tsx). */
export default function ProjectPage({ views, plan }: { views: IssueViews; plan: ProjectPlanSlot }) {
  return (
    <RecordPage name="project" className="projects" load={projectsApi.get} refetchOn={(e, shown) => e.projectId === shown.project.id}>
      {(data, detail) => <ProjectView detail={data} reload={detail.refetch} views={views} plan={plan} />}
    </RecordPage>
  );
}

function ProjectView({ detail, reload, views, plan: Plan }: { detail: ProjectDetailResponse; reload: () => Promise<void>; views: IssueViews; plan: ProjectPlanSlot }) {
  const { t } = useTranslation();
  const { project, descriptionHtml, members, statuses, progress } = detail;
  const href = useHref();
  const [, navigate] = useLocation();
  const search = useSearch();
  const me = useMe();
  const tabParam = new URLSearchParams(search).get('tab');
  // Triage is a tab while the project has its triage status (issue 26).
  const tabs = statuses.some((s) => s.category === 'triage') ? TABS : TABS.filter((name) => name !== 'triage');
  const tab: Tab = (tabs as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'overview';
  const activity = useQuery(['project', 'activity', project.id], () => projectsApi.activity(project.id, 15), { refetchOn: (e) => e.projectId === project.id });
  const [actionError, setActionError] = useState<string | null>(null);

  const can = (cap: ProjectCapability) => canInProject(project.myRole, me?.roles, cap);
  const archived = !!project.archivedAt;
  const tabHref = (name: Tab) => `${href('project', { id: project.key })}${name === 'overview' ? '' : `?tab=${name}`}`;

  const run = async (action: () => Promise<unknown>, done?: string) => {
    setActionError(null);
    try {
      await action();
      if (done) toast({ title: done, color: 'success' });
      await reload();
    } catch (err) {
      setActionError(errorText(err, t));
    }
  };

  // Everything in the project goes: the project's key has to be typed first.
  const remove = async () => {
    const ok = await confirmAction({
      title: t('projects.delete.title', { key: project.key }),
      message: t('projects.delete.text', { count: project.issueCount }),
      confirmText: t('projects.delete.confirm'),
      confirmWord: project.key,
      destructive: true,
    });
    if (!ok) return;
    setActionError(null);
    try {
      await projectsApi.remove(project.id);
      toast({ title: t('projects.toast.deleted', { key: project.key }), color: 'success' });
      navigate(href('projects'));
    } catch (err) {
      setActionError(errorText(err, t));
    }
  };

  return (
    <Page name="project" className="projects" title={project.name}>
      <div className="phead">
        <ProjectBadge project={project} size={40} />
        <p className="phead__meta">
          <span className="key" data-testid="project-key">
            {project.key}
          </span>
          {project.myRole && <span className="tag">{t(`projects.roles.${project.myRole}`)}</span>}
          <span className="tag">{t(`projects.visibility.${project.visibility}`)}</span>
          {project.lead && <span className="muted">{t('projects.list.lead', { name: project.lead.name })}</span>}
        </p>
      </div>
      {archived && (
        <p className="banner" role="status" data-testid="project-archived-banner">
          {t('projects.archivedBanner')}
        </p>
      )}
      <div className="actions" data-testid="project-actions">
        {!archived && can('issue.create') && (
          <Link href={`${href('issueCreate')}?project=${project.key}`} onClick={createIssueClick(project.key)} className={buttonClass({ variant: 'primary', size: 'small' })} data-testid="project-new-issue">
            {t('projects.actions.newIssue')}
          </Link>
        )}
        <Link href={`${href('timeline')}?project=${project.id}`} className={buttonClass({ size: 'small' })} data-testid="project-timeline">
          {t('projects.actions.timeline')}
        </Link>
        {(can('project.edit') || can('project.labels')) && (
          <Link href={href('projectEdit', { id: project.key })} className={buttonClass({ size: 'small' })} data-testid="project-edit">
            {t('projects.actions.edit')}
          </Link>
        )}
        <Link href={`${href('insights')}?project=${project.key}`} className={buttonClass({ size: 'small' })} data-testid="project-insights">
          {t('projects.actions.insights')}
        </Link>
        {!archived && can('project.import') && (
          <Link href={href('projectImport', { id: project.key })} className={buttonClass({ size: 'small' })} data-testid="project-import">
            {t('projects.actions.import')}
          </Link>
        )}
        {can('project.archive') && (
          <Button
            size="small"
            data-testid={archived ? 'project-unarchive' : 'project-archive'}
            onClick={() => void run(() => projectsApi.setArchived(project.id, !archived), t(archived ? 'projects.toast.unarchived' : 'projects.toast.archived'))}
          >
            {t(archived ? 'projects.actions.unarchive' : 'projects.actions.archive')}
          </Button>
        )}
        {can('project.delete') && (
          <Button variant="danger-secondary" size="small" data-testid="project-delete" onClick={() => void remove()}>
            {t('projects.actions.delete')}
          </Button>
        )}
      </div>
      <FormAlert message={actionError} />

      <div role="tablist" className="tabs" aria-label={t('projects.tabs.label')}>
        {tabs.map((name) => (
          <Link
            key={name}
            href={tabHref(name)}
            role="tab"
            id={`ptab-${name}`}
            aria-selected={tab === name}
            aria-controls="ptab-panel"
            data-testid={`project-tab-${name}`}
            className="tabs__tab"
          >
            {t(`projects.tabs.${name}`)}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id="ptab-panel" aria-labelledby={`ptab-${tab}`} className="tabs__panel">
        {tab === 'overview' ? (
          <div className="overview">
            {!archived && can('project.members') && <ProjectChecklist project={project} />}
            <section aria-labelledby="p-desc" className="overview__desc">
              <h2 id="p-desc">{t('projects.overview.description')}</h2>
              {project.description ? (
                // Rendered and sanitised by the server (Markdown with raw HTML off).
                <Markdown html={descriptionHtml} testId="project-description" />
              ) : (
                <p className="muted">{t('projects.overview.noDescription')}</p>
              )}
            </section>
            <section aria-labelledby="p-progress">
              <h2 id="p-progress">{t('projects.overview.progress')}</h2>
              <StatusProgress statuses={statuses} progress={progress} />
            </section>
            <Suspense fallback={<Loading />}>
              <Plan projectId={project.id} projectKey={project.key} canPlan={!archived && can('project.plan')} />
            </Suspense>
            <section aria-labelledby="p-members">
              <h2 id="p-members">{t('projects.overview.members', { count: members.length })}</h2>
              <ul className="members" data-testid="project-members">
                {members.map((m) => (
                  <li key={m.user.id}>
                    <Link href={href('user', { id: m.user.id })}>{m.user.name}</Link> <span className="tag">{t(`projects.roles.${m.role}`)}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="p-activity">
              <h2 id="p-activity">{t('projects.overview.activity')}</h2>
              {activity.data ? <ActivityFeed activity={activity.data.activity} statuses={statuses} /> : activity.error ? <FormAlert message={errorText(activity.error, t)} /> : <Loading />}
            </section>
          </div>
        ) : tab === 'triage' ? (
          <TriageList scope={{ projectId: project.id, members }} />
        ) : (
          <ProjectIssues projectKey={project.key} layout={tab} views={views} />
        )}
      </div>
    </Page>
  );
}
