// The project settings, with the templates editor and the webhooks section: features import no feature, the route composes them.
import ProjectEditPage from '../../features/projects/pages/ProjectEditPage.tsx';
import { TemplatesEditor } from '../../features/templates/index.ts';
import { WebhooksSection } from '../../features/webhooks/index.ts';

export default function ProjectEditRoute() {
  return <ProjectEditPage TemplatesEditor={TemplatesEditor} WebhooksSection={WebhooksSection} />;
}
