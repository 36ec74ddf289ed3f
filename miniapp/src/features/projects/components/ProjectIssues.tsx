import { useMemo } from 'react';
import type { IssueViews } from '../../../components/slots.ts';

/** The project's issues as a list or a board, drawn by the issues feature. */
export function ProjectIssues({ projectKey, layout, views: { IssueBoard, IssueList } }: { projectKey: string; layout: 'list' | 'board'; views: IssueViews }) {
  const query = useMemo(() => ({ project: projectKey }), [projectKey]);
  return (
    <div data-testid="project-issues" data-layout={layout} data-project={projectKey}>
      {layout === 'board' ? <IssueBoard query={query} /> : <IssueList query={query} group="status" />}
    </div>
  );
}
