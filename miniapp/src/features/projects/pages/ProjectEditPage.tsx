import { matchRoute } from '@tracker/shared/routes';
import { useLocation } from 'wouter';
import { RecordPage } from '../../../components/RecordPage.tsx';
import type { ProjectSettingsSlots } from '../../../components/slots.ts';
import { projectsApi } from '../api.ts';
import { SettingsView } from '../settings/SettingsView.tsx';
import '../projects.css';

/**
 * The project settings, one route per section (settings/sections.ts). Templates and webhooks are
 * their features' sections, passed in by the route (app/routes/ProjectEditPage.tsx).
 */
export default function ProjectEditPage(slots: ProjectSettingsSlots) {
  const [location] = useLocation();
  const route = matchRoute(location)?.route.name ?? 'projectEdit';
  // One answer for every section: moving between them asks nothing again.
  return (
    <RecordPage name="projectEdit" className="projects" load={projectsApi.get}>
      {(data, query) => <SettingsView route={route} detail={data} query={query} slots={slots} />}
    </RecordPage>
  );
}
