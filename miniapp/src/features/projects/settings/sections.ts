// The project settings' sections, one route each (shared/src/routes.ts): the order of the side
// navigation and of the phone's list.
import type { ProjectCapability } from '@tracker/shared/permissions';
import type { RouteName } from '@tracker/shared/routes';

export interface Section {
  id: 'general' | 'members' | 'workflow' | 'sla' | 'labels' | 'templates' | 'webhooks' | 'export';
  route: RouteName;
  /** The i18n key of its name. */
  label: string;
  /** Listed only for who may do it; the others may read the section (its controls disabled). */
  needs?: ProjectCapability;
}

export const SECTIONS: readonly Section[] = [
  { id: 'general', route: 'projectEditGeneral', label: 'projects.edit.details' },
  { id: 'members', route: 'projectEditMembers', label: 'projects.edit.members' },
  { id: 'workflow', route: 'projectEditWorkflow', label: 'projects.edit.workflow' },
  { id: 'sla', route: 'projectEditSla', label: 'projects.sla.title' },
  { id: 'labels', route: 'projectEditLabels', label: 'projects.edit.labels' },
  { id: 'templates', route: 'projectEditTemplates', label: 'projects.templates.title' },
  { id: 'webhooks', route: 'projectEditWebhooks', label: 'webhooks.title', needs: 'project.webhooks' },
  { id: 'export', route: 'projectEditExport', label: 'projects.edit.export' },
];

/** The section a route shows; null for the settings' entry (`projectEdit`). */
export const sectionOf = (route: string): Section | null => SECTIONS.find((s) => s.route === route) ?? null;
