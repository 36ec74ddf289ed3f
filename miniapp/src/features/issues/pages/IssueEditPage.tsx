// `/issues/{id}/edit`: the same form as create, saving only the changed fields (PATCH).
import type { IssueDetail } from '@tracker/shared/api/issues';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { FailureAlert, FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { refusalOf } from '../../../lib/error-text.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { useQuery } from '../../../lib/query.ts';
import { useStoreReference } from '../../../store/index.ts';
import { issueApi } from '../../../lib/api/issue-detail.ts';
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
  // The issue as the server has it now (the form must not change under the user: no live refetch);
  // its project from the client store.
  const detail = useQuery(['issue', 'edit', id], () => issueApi.get(id), { freshMs: 0 });
  const reference = useStoreReference();
  const project = detail.data ? (reference?.projects.find((p) => p.id === detail.data!.projectId) ?? null) : null;
  const state: { issue: IssueDetail; project: typeof project } | { error: unknown } | null = detail.data ? { issue: detail.data, project } : detail.error !== null ? { error: detail.error } : null;

  const refusedWith = state && 'error' in state ? refusalOf(state.error)?.status : undefined;
  if (state && 'error' in state && (refusedWith === 404 || refusedWith === 400)) throw new PageError(404, t('issues.detail.missing', { key: id.toUpperCase() }));
  const canEdit = state && 'issue' in state && state.issue.can.includes('issue.edit');
  return (
    <Page name="issueEdit" title={state && 'issue' in state ? t('issues.form.editTitle', { key: state.issue.key }) : undefined} className="issue-form-page">
      {!state ? (
        <Loading />
      ) : 'error' in state ? (
        <FormAlert message={errorText(state.error, t)} />
      ) : !canEdit ? (
        <FailureAlert textKey="errors.codes.forbidden" />
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
