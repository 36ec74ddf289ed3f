import { useTranslation } from 'react-i18next';

/** The project's issues as a list or a board, drawn by the issues feature. */
export function ProjectIssues({ projectKey, layout }: { projectKey: string; layout: 'list' | 'board' }) {
  const { t } = useTranslation();
  return (
    <div data-testid="project-issues" data-layout={layout} data-project={projectKey}>
      <p className="muted">{t('projects.overview.issuesSoon')}</p>
    </div>
  );
}
