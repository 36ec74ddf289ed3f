// The issue page, with time tracking's section: features import no feature, the route composes them.
import IssuePage from '../../features/issues/pages/IssuePage.tsx';
import { TimeSection } from '../../features/time/index.ts';

export default function IssueRoute() {
  return <IssuePage TimeSection={TimeSection} />;
}
