// The milestone page, with the issues feature's list: features import no feature, the route composes them.
import MilestonePage from '../../features/plan/pages/MilestonePage.tsx';
import { issueViews } from './issue-views.ts';

export default function MilestoneRoute() {
  return <MilestonePage views={issueViews} />;
}
