// What the app shell uses from projects: the triage list, which the inbox shows too.
import './projects.css';

export { TriageList } from './components/triage/TriageList.tsx';
