import { useMemo } from 'react';
import { IssueBoard, IssueList } from '../../issues/index.ts';

/** The project's issues as a list or a board, drawn by the issues feature. */
export function ProjectIssues({ projectKey, layout }: { projectKey: string; layout: 'list' | 'board' }) {
  const query = useMemo(() => ({ project: projectKey }), [projectKey]);
  return (
    <div data-testid="project-issues" data-layout={layout} data-project={projectKey}>
      {layout === 'board' ? <IssueBoard query={query} /> : <IssueList query={query} group="status" />}
    </div>
  );
}
