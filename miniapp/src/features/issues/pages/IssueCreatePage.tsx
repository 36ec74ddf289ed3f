// `/issues/create`, also with `?project=KEY&due=YYYY-MM-DD&stream=<id>&parent=<id>` prefilled
// (calendar days, project, stream and parent issue pages link here).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { syncState } from '../../../store/index.ts';
import { useCreatableProjects } from '../create/use-creatable-projects.ts';
import { IssueForm } from '../form/IssueForm.tsx';
import { defaultProject, rememberProject } from '../form/last-project.ts';
import { emptyValues, type IssueFormValues } from '../form/model.ts';
import '../detail/issue.css';

const positive = (s: string | null) => (s && /^\d+$/.test(s) ? Number(s) : null);

export default function IssueCreatePage() {
  const { t } = useTranslation();
  const search = useSearch();
  const href = useHref();
  const [, navigate] = useLocation();
  const projects = useCreatableProjects();
  const ready = projects !== null;

  // Prefilled once, when the store has the projects; later query changes come from this page itself.
  const prefill = useMemo(() => {
    if (!projects) return null;
    const q = new URLSearchParams(search);
    const parentId = positive(q.get('parent'));
    const parent = parentId ? (syncState().issues[parentId] ?? null) : null;
    const due = q.get('due');
    const stream = positive(q.get('stream'));
    const initial: IssueFormValues = {
      ...emptyValues(),
      projectId: defaultProject(projects, q.get('project'))?.id ?? null,
      dueDate: due && /^\d{4}-\d{2}-\d{2}$/.test(due) ? due : '',
      streamIds: stream ? [stream] : [],
      parentId: parent?.id ?? null,
    };
    return { initial, parent: parent && { key: parent.key, title: parent.title } };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  return (
    <Page name="issueCreate" className="issue-form-page">
      {!projects || !prefill ? (
        <Loading />
      ) : projects.length === 0 ? (
        <p className="muted" data-testid="no-projects">
          {t('issues.form.noProjects')}
        </p>
      ) : (
        <IssueForm mode="create" initial={prefill.initial} projects={projects} initialParent={prefill.parent} onSaved={(issue) => (rememberProject(issue.projectId), navigate(href('issue', { id: issue.key })))} />
      )}
    </Page>
  );
}
