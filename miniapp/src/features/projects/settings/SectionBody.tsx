import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { ProjectCapability } from '@tracker/shared/permissions';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/FormAlert.tsx';
import type { ProjectSettingsSlots } from '../../../components/slots.ts';
import type { QueryResult } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { ExportLinks } from '../components/ExportLinks.tsx';
import { InvitesPanel } from '../components/invites/InvitesPanel.tsx';
import { LabelsEditor } from '../components/LabelsEditor.tsx';
import { MembersEditor } from '../components/MembersEditor.tsx';
import { ProjectForm } from '../components/ProjectForm.tsx';
import { SlaSettingsForm } from '../components/SlaSettingsForm.tsx';
import { WorkflowEditor } from '../components/WorkflowEditor.tsx';
import type { Section } from './sections.ts';
import { useProjectWrites, useSettingsLists } from './use-project-writes.ts';

interface Props {
  section: Section;
  detail: ProjectDetailResponse;
  query: QueryResult<ProjectDetailResponse>;
  can: (cap: ProjectCapability) => boolean;
  slots: ProjectSettingsSlots;
}

/** One section of the settings, its controls disabled for who may only read it. */
export function SectionBody({ section, detail, query, can, slots: { TemplatesEditor, WebhooksSection } }: Props) {
  const { t } = useTranslation();
  const { project } = detail;
  const archived = !!project.archivedAt;
  const lists = useSettingsLists(detail);
  const writes = useProjectWrites(project.id, query.refetch);
  const heading = `p-${section.id}`;

  const body = () => {
    switch (section.id) {
      case 'general':
        return (
          <ProjectForm
            key={project.updatedAt}
            project={project}
            disabled={archived || !can('project.edit')}
            submitLabel={t('projects.form.save')}
            onSubmit={async ({ key: _key, ...values }) => {
              const next = await writes.saveDetails(values);
              query.setData((prev) => (prev ? { ...prev, ...next } : prev));
              toast({ title: t('projects.toast.saved'), color: 'success' });
            }}
          />
        );
      case 'members':
        return (
          <>
            <MembersEditor members={lists.members} writes={writes.members} readOnly={archived || !can('project.members')} />
            {!archived && can('project.members') && (
              <section aria-labelledby="p-invites" className="psection">
                <h3 id="p-invites">{t('projects.invites.title')}</h3>
                <InvitesPanel projectId={project.id} />
              </section>
            )}
          </>
        );
      case 'workflow':
        return <WorkflowEditor statuses={lists.statuses} writes={writes.statuses} readOnly={archived || !can('project.workflow')} />;
      case 'sla':
        return <SlaSettingsForm projectId={project.id} readOnly={archived || !can('project.sla')} />;
      case 'labels':
        return <LabelsEditor labels={lists.labels} writes={writes.labels} readOnly={archived || !can('project.labels')} />;
      case 'templates':
        return <TemplatesEditor projectId={project.id} labels={lists.labels} people={lists.members.map((m) => m.user)} readOnly={archived || !can('project.templates')} />;
      case 'webhooks':
        return can('project.webhooks') ? <WebhooksSection projectId={project.id} /> : <FailureAlert textKey="errors.codes.forbidden" />;
      case 'export':
        return <ExportLinks projectKey={project.key} />;
    }
  };

  return (
    <section aria-labelledby={heading} className="psection settings__section" data-testid={`settings-section-${section.id}`}>
      <h2 id={heading}>{t(section.label)}</h2>
      {body()}
    </section>
  );
}
