// The insights page, with the issues feature's filter bar: features import no feature, the route composes them.
import InsightsPage from '../../features/insights/pages/InsightsPage.tsx';
import { FilterBar } from '../../features/issues/filters/FilterBar.tsx';

export default function InsightsRoute() {
  return <InsightsPage FilterBar={FilterBar} />;
}
