// The project page, with the issues feature's list and board: features import no feature, the route composes them.
import ProjectPage from '../../features/projects/pages/ProjectPage.tsx';
import { lazy } from 'react';
import { issueViews } from './issue-views.ts';

const ProjectPlan = lazy(() => import('../../features/plan/index.ts').then((m) => ({ default: m.ProjectPlan })));

export default function ProjectRoute() {
  return <ProjectPage views={issueViews} plan={ProjectPlan} />;
}
