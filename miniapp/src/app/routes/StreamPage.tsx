// The stream page, with the issues feature's list and board: features import no feature, the route composes them.
import StreamPage from '../../features/streams/pages/StreamPage.tsx';
import { issueViews } from './issue-views.ts';

export default function StreamRoute() {
  return <StreamPage views={issueViews} />;
}
