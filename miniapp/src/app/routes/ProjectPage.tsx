// The project page, with the issues feature's list and board: features import no feature, the route composes them.
import ProjectPage from '../../features/projects/pages/ProjectPage.tsx';
import { issueViews } from './issue-views.ts';

export default function ProjectRoute() {
  return <ProjectPage views={issueViews} />;
}
