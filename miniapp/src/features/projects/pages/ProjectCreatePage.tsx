import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Page } from '../../../components/Page.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { projectsApi } from '../api.ts';
import { ProjectForm } from '../components/ProjectForm.tsx';
import '../projects.css';

export default function ProjectCreatePage() {
  const { t } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  return (
    <Page name="projectCreate" className="projects narrow">
      <ProjectForm
        submitLabel={t('projects.form.create')}
        onSubmit={async (values) => {
          const { project } = await projectsApi.create(values);
          toast({ title: t('projects.toast.created', { key: project.key }), color: 'success' });
          navigate(href('project', { id: project.key }));
        }}
      />
    </Page>
  );
}
