// The cycle page, with the issues feature's list: features import no feature, the route composes them.
import CyclePage from '../../features/plan/pages/CyclePage.tsx';
import { issueViews } from './issue-views.ts';

export default function CycleRoute() {
  return <CyclePage views={issueViews} />;
}
