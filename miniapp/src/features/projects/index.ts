// What other features may use from projects: the people picker, the record page, small hooks.
import './projects.css';

export { PeoplePicker } from '../../components/PeoplePicker.tsx';
export { RecordPage } from '../../components/RecordPage.tsx';
export { TriageList } from './components/triage/TriageList.tsx';
export { Meter } from '../../components/ProjectBadge.tsx';
export { useRouteId } from '../../lib/use-route-id.ts';
export { normalizeKeyInput, suggestKey } from '../../lib/project-key.ts';
