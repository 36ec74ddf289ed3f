import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import { canInProject, type ProjectCapability } from '@tracker/shared/permissions';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { projectsApi } from '../api.ts';
import { LabelsEditor } from '../components/LabelsEditor.tsx';
import { MembersEditor } from '../components/MembersEditor.tsx';
import { InvitesPanel } from '../components/invites/InvitesPanel.tsx';
import { ExportLinks } from '../components/ExportLinks.tsx';
import { ProjectForm } from '../components/ProjectForm.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { WorkflowEditor } from '../components/WorkflowEditor.tsx';
import { useMe } from '../../../lib/auth.ts';
import type { ProjectSettingsSlots } from '../../../components/slots.ts';
import '../projects.css';

/** Templates and webhooks are their features' sections, passed in by the route (app/routes/ProjectEditPage.tsx). */
export default function ProjectEditPage(slots: ProjectSettingsSlots) {
  return (
    <RecordPage name="projectEdit" className="projects" load={projectsApi.get}>
      {(data, detail) => <EditView detail={data} update={(patch) => detail.setData((prev) => (prev ? { ...prev, ...patch } : prev))} slots={slots} />}
    </RecordPage>
  );
}

function EditView({ detail, update, slots: { TemplatesEditor, WebhooksSection } }: { detail: ProjectDetailResponse; update: (patch: Partial<ProjectDetailResponse>) => void; slots: ProjectSettingsSlots }) {
  const { t } = useTranslation();
  const href = useHref();
  const me = useMe();
  const { project } = detail;
  const can = (cap: ProjectCapability) => canInProject(project.myRole, me?.roles, cap);
  const archived = !!project.archivedAt;

  return (
    <Page name="projectEdit" className="projects" title={t('projects.edit.title', { key: project.key, name: project.name })}>
      <p>
        <Link href={href('project', { id: project.key })}>{t('projects.edit.back', { key: project.key })}</Link>
      </p>
      {archived && (
        <p className="banner" role="status" data-testid="project-archived-banner">
          {t('projects.archivedBanner')}
        </p>
      )}
      {me && !can('project.edit') && !can('project.labels') && <FormAlert message={t('errors.codes.forbidden')} />}
      <nav className="jump" aria-label={t('projects.edit.sections')}>
        {can('project.edit') && <a href="#p-details">{t('projects.edit.details')}</a>}
        <a href="#p-members">{t('projects.edit.members')}</a>
        <a href="#p-workflow">{t('projects.edit.workflow')}</a>
        <a href="#p-labels">{t('projects.edit.labels')}</a>
        <a href="#p-templates">{t('projects.templates.title')}</a>
        {can('project.webhooks') && <a href="#p-webhooks">{t('webhooks.title')}</a>}
        <a href="#p-export">{t('projects.edit.export')}</a>
        {can('project.import') && (
          <Link href={href('projectImport', { id: project.key })} data-testid="project-import-link">
            {t('projects.edit.import')}
          </Link>
        )}
      </nav>
      {can('project.edit') && (
        <section aria-labelledby="p-details" className="psection">
          <h2 id="p-details">{t('projects.edit.details')}</h2>
          <ProjectForm
            key={project.updatedAt}
            project={project}
            disabled={archived}
            submitLabel={t('projects.form.save')}
            onSubmit={async ({ key: _key, ...values }) => {
              const next = await projectsApi.update(project.id, values);
              update(next);
              toast({ title: t('projects.toast.saved'), color: 'success' });
            }}
          />
        </section>
      )}
      <section aria-labelledby="p-members" className="psection">
        <h2 id="p-members">{t('projects.edit.members')}</h2>
        <MembersEditor projectId={project.id} members={detail.members} readOnly={archived || !can('project.members')} onChange={(members) => update({ members })} />
      </section>
      {!archived && can('project.members') && (
        <section aria-labelledby="p-invites" className="psection">
          <h2 id="p-invites">{t('projects.invites.title')}</h2>
          <InvitesPanel projectId={project.id} />
        </section>
      )}
      <section aria-labelledby="p-workflow" className="psection">
        <h2 id="p-workflow">{t('projects.edit.workflow')}</h2>
        <WorkflowEditor projectId={project.id} statuses={detail.statuses} readOnly={archived || !can('project.workflow')} onChange={(statuses) => update({ statuses })} />
      </section>
      <section aria-labelledby="p-labels" className="psection">
        <h2 id="p-labels">{t('projects.edit.labels')}</h2>
        <LabelsEditor projectId={project.id} labels={detail.labels} readOnly={archived || !can('project.labels')} onChange={(labels) => update({ labels })} />
      </section>
      <section aria-labelledby="p-templates" className="psection">
        <h2 id="p-templates">{t('projects.templates.title')}</h2>
        <TemplatesEditor projectId={project.id} labels={detail.labels} people={detail.members.map((m) => m.user)} readOnly={archived || !can('project.templates')} />
      </section>
      {can('project.webhooks') && (
        <section aria-labelledby="p-webhooks" className="psection">
          <h2 id="p-webhooks">{t('webhooks.title')}</h2>
          <WebhooksSection projectId={project.id} />
        </section>
      )}
      <section aria-labelledby="p-export" className="psection">
        <h2 id="p-export">{t('projects.edit.export')}</h2>
        <ExportLinks projectKey={project.key} />
      </section>
    </Page>
  );
}
