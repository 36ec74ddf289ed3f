// `/issues/create`, also with `?project=KEY&due=YYYY-MM-DD&stream=<id>&parent=<id>` prefilled
// (calendar days, project, stream and parent issue pages link here).
import { defaultProject, rememberProject } from '../form/last-project.ts';
import type { Project } from '@tracker/shared/api/projects';
import { canInProject } from '@tracker/shared/permissions';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { issueApi, lookupApi } from '../api-detail.ts';
import { loadMe } from '../detail/use-me.ts';
import type { ParentRef } from '../fields/picked.tsx';
import { IssueForm } from '../form/IssueForm.tsx';
import { emptyValues, type IssueFormValues } from '../form/model.ts';
import '../detail/issue.css';
import { errorText } from '../../../lib/error-text.ts';

interface Ready {
  projects: Project[];
  initial: IssueFormValues;
  parent: ParentRef | null;
}

const positive = (s: string | null) => (s && /^\d+$/.test(s) ? Number(s) : null);

export default function IssueCreatePage() {
  const { t } = useTranslation();
  const search = useSearch();
  const href = useHref();
  const [, navigate] = useLocation();
  const [state, setState] = useState<Ready | { error: unknown } | null>(null);

  useEffect(() => {
    let live = true;
    const q = new URLSearchParams(search);
    void (async () => {
      try {
        const [me, all] = await Promise.all([loadMe(), lookupApi.projects()]);
        const projects = all.filter((p) => !p.archivedAt && canInProject(p.myRole, me?.roles, 'issue.create'));
        const project = defaultProject(projects, q.get('project'));
        const parentId = positive(q.get('parent'));
        const parent = parentId ? await issueApi.get(parentId).catch(() => null) : null;
        const due = q.get('due');
        const stream = positive(q.get('stream'));
        const initial: IssueFormValues = {
          ...emptyValues(),
          projectId: project?.id ?? null,
          dueDate: due && /^\d{4}-\d{2}-\d{2}$/.test(due) ? due : '',
          streamIds: stream ? [stream] : [],
          parentId: parent?.id ?? null,
        };
        if (live) setState({ projects, initial, parent });
      } catch (error) {
        if (live) setState({ error });
      }
    })();
    return () => {
      live = false;
    };
    // Prefill once per visit; later query changes come from this page itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Page name="issueCreate" className="issue-form-page">
      {!state ? (
        <Loading />
      ) : 'error' in state ? (
        <FormAlert message={errorText(state.error, t)} />
      ) : state.projects.length === 0 ? (
        <p className="muted" data-testid="no-projects">
          {t('issues.form.noProjects')}
        </p>
      ) : (
        <IssueForm mode="create" initial={state.initial} projects={state.projects} initialParent={state.parent} onSaved={(issue) => (rememberProject(issue.projectId), navigate(href('issue', { id: issue.key })))} />
      )}
    </Page>
  );
}
