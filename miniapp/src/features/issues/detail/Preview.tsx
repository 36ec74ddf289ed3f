// The issue page's first frame while `/api/issues/:ref/page` is on its way (issue 14): what the
// client store already holds (a list saw the issue, or the feed brought it) — title, key, project,
// status, priority, assignee — and skeletons for the rest. Read-only: edits wait for the issue's
// version. Without the issue in the store there is nothing to show yet but the spinner.
import { usePageTitle } from '../../../lib/page-title.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page, pageTitleId } from '../../../components/Page.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { syncState } from '../../../store/index.ts';
import { storeIssue } from './from-store.ts';
import './inplace.css';

export function IssuePreview({ issueRef }: { issueRef: string }) {
  const { t } = useTranslation();
  const href = useHref();
  const store = useSnapshot(syncState());
  const { issues, statuses, projects } = store;
  const issue = useMemo(() => storeIssue({ issues }, issueRef), [issues, issueRef]);
  usePageTitle(issue ? `${issue.key} ${issue.title}` : null);
  if (!issue) {
    return (
      <Page name="issue">
        <Loading />
      </Page>
    );
  }
  const status = statuses[issue.statusId];
  const project = projects[issue.projectId];

  return (
    <Page name="issue" ownHeading className="issue-page">
      <div className="issue-meta" data-testid="issue-preview">
        <span className="issue-key" data-testid="issue-key">
          {issue.key}
        </span>
        {project && (
          <Link href={href('project', { id: project.key })} className="issue-project" data-testid="issue-project">
            <ColorDot color={project.color} />
            {project.name}
          </Link>
        )}
      </div>
      <div className="issue-layout" aria-busy="true">
        <div className="issue-title">
          <h1 id={pageTitleId('issue')} className="issue-title__text">
            {issue.title}
          </h1>
        </div>
        <div className="issue-main">
          <div className="skeleton" data-testid="issue-skeleton" role="status">
            <span className="visually-hidden">{t('common.loading')}</span>
            <span className="skeleton__line" />
            <span className="skeleton__line" />
            <span className="skeleton__line skeleton__line--short" />
          </div>
        </div>
        <aside className="issue-aside" aria-label={t('issues.detail.properties')}>
          <div className="props">
            <div className="field">
              <span className="field__label">{t('issues.detail.status')}</span>
              <span className="select-line" data-testid="issue-preview-status" data-status-id={issue.statusId}>
                {status && <ColorDot color={status.color} />}
                {status?.name ?? ''}
              </span>
            </div>
            <div className="field">
              <span className="field__label">{t('issues.detail.priority')}</span>
              <span data-testid="issue-preview-priority">{t(`issues.priority.${issue.priority}`)}</span>
            </div>
            <div className="field">
              <span className="field__label">{t('issues.detail.assignee')}</span>
              <span data-testid="issue-preview-assignee">{issue.assignee?.name ?? t('issues.common.nobody')}</span>
            </div>
            <span className="skeleton__line" />
            <span className="skeleton__line skeleton__line--short" />
          </div>
        </aside>
      </div>
    </Page>
  );
}
