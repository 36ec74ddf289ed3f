// `/issues/{id}/edit`: the same form as create, saving only the changed fields (PATCH).
import type { IssueDetail } from '@tracker/shared/api/issues';
import type { Project } from '@tracker/shared/api/projects';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { refusalOf } from '../../../lib/http.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { issueApi, lookupApi } from '../api-detail.ts';
import { rememberUsers } from '../detail/people.ts';
import { useRouteParams } from '../../../lib/use-route-params.ts';
import { IssueForm } from '../form/IssueForm.tsx';
import { valuesFromIssue } from '../form/model.ts';
import { PageError } from '../detail/page-error.ts';
import '../detail/issue.css';
import { errorText } from '../../../lib/error-text.ts';


export default function IssueEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useRouteParams();
  const href = useHref();
  const [, navigate] = useLocation();
  const [state, setState] = useState<{ issue: IssueDetail; project: Project | null } | { error: unknown } | null>(null);

  useEffect(() => {
    let live = true;
    setState(null);
    issueApi
      .get(id)
      .then(async (issue) => {
        rememberUsers([issue.assignee, issue.reporter]);
        const project = await lookupApi.project(issue.projectId).then((p) => p.project, () => null);
        if (live) setState({ issue, project });
      })
      .catch((error: unknown) => live && setState({ error }));
    return () => {
      live = false;
    };
  }, [id]);

  const refusedWith = state && 'error' in state ? refusalOf(state.error)?.status : undefined;
  if (state && 'error' in state && (refusedWith === 404 || refusedWith === 400)) throw new PageError(404, errorText(state.error, t));
  const canEdit = state && 'issue' in state && state.issue.can.includes('issue.edit');
  return (
    <Page name="issueEdit" title={state && 'issue' in state ? t('issues.form.editTitle', { key: state.issue.key }) : undefined} className="issue-form-page">
      {!state ? (
        <Loading />
      ) : 'error' in state ? (
        <FormAlert message={errorText(state.error, t)} />
      ) : !canEdit ? (
        <FormAlert message={t('errors.codes.forbidden')} />
      ) : (
        <IssueForm
          mode="edit"
          initial={valuesFromIssue(state.issue)}
          issue={state.issue}
          projects={state.project ? [state.project] : []}
          initialParent={state.issue.parent}
          onSaved={(issue) => navigate(href('issue', { id: issue.key }))}
        />
      )}
    </Page>
  );
}
