// `/issues/{id}`: id or key (the canonical URL uses the key). Two columns: the title and the
// description (both edited in place, detail/TitleInPlace.tsx and DescriptionInPlace.tsx),
// sub-issues, relations, attachments (drop files anywhere on the page) and one timeline of
// comments and history on the left; the properties, edited in place, on the right. Live: refetches
// when someone else changes the issue. While the page call is on its way, the client store's copy
// of the issue shows at once (detail/Preview.tsx).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page, pageTitleId } from '../../../components/Page.tsx';
import { refusalOf } from '../../../lib/error-text.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { issueApi } from '../../../lib/api/issue-detail.ts';
import { Attachments, useUploads } from '../detail/Attachments.tsx';
import { Relations, SubIssues } from '../detail/Links.tsx';
import { IssuePreview } from '../detail/Preview.tsx';
import { Properties } from '../detail/Properties.tsx';
import { DescriptionInPlace } from '../detail/DescriptionInPlace.tsx';
import { TitleInPlace } from '../detail/TitleInPlace.tsx';
import { Timeline } from '../detail/Timeline.tsx';
import { useIssue, type IssueController, type IssueData } from '../detail/use-issue.ts';
import { useMe } from '../../../lib/auth.ts';
import { useIssueShortcuts } from '../detail/shortcuts.ts';
import { useRouteParams } from '../../../lib/use-route-params.ts';
import { haptic, useSecondaryButton } from '../../../platform/use-main-button.ts';
import { PageError } from '../detail/page-error.ts';
import '../detail/issue.css';
import type { TimeSectionSlot } from '../../../components/slots.ts';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { confirmAction } from '../../../platform/confirm.ts';
import { ShareToChat } from '../detail/ShareToChat.tsx';
import { errorText } from '../../../lib/error-text.ts';


/** `TimeSection`: time tracking's section, passed in by the route (app/routes/IssuePage.tsx). */
export default function IssuePage({ TimeSection }: { TimeSection: TimeSectionSlot }) {
  const { t } = useTranslation();
  const { id = '' } = useRouteParams();
  const ctl = useIssue(id);
  const { state } = ctl;

  if (state.status === 'error') {
    const status = refusalOf(state.error)?.status;
    if (status === 404 || status === 400) throw new PageError(404, t('issues.detail.missing', { key: id.toUpperCase() }));
    return (
      <Page name="issue">
        <FormAlert message={errorText(state.error, t)} />
      </Page>
    );
  }
  // Another issue opened from this one (a link in a comment): until its data is in, the previous
  // one's must not show under the new address.
  if (state.status === 'loading' || !namesIssue(id, state.data.issue)) return <IssuePreview issueRef={id} />;
  return <IssueView data={state.data} ctl={ctl} routeId={id} TimeSection={TimeSection} />;
}

function IssueView({ data, ctl, routeId, TimeSection }: { data: IssueData; ctl: IssueController; routeId: string; TimeSection: TimeSectionSlot }) {
  const { t } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  const search = useSearch();
  const me = useMe();
  const { issue } = data;
  usePageTitle(`${issue.key} ${issue.title}`);
  const canEdit = issue.can.includes('issue.edit');
  const editHref = href('issueEdit', { id: issue.key });
  useIssueShortcuts(canEdit, useCallback(() => navigate(editHref), [navigate, editHref]));
  const uploader = useUploads(issue.id, ctl);
  const [dragging, setDragging] = useState(false);
  const upload = useRef(uploader.upload);
  upload.current = uploader.upload;
  // Inside Telegram the full form is the SecondaryButton: the MainButton belongs to the comment
  // being written (as Telegram's own send) or the description being edited. The header link stays.
  useSecondaryButton(canEdit ? { text: t('issues.detail.edit') } : null, () => navigate(href('issueEdit', { id: issue.key })));

  // `/issues/123` → `/issues/WEB-7`, keeping the query (only for this issue's own id or key).
  useEffect(() => {
    if (routeId !== issue.key && namesIssue(routeId, { id: issue.id, key: issue.key })) navigate(href('issue', { id: issue.key }) + (search ? `?${search}` : ''), { replace: true });
  }, [routeId, issue.id, issue.key, href, navigate, search]);

  useEffect(() => {
    if (!canEdit) return;
    let depth = 0;
    const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (e: DragEvent) => hasFiles(e) && e.preventDefault();
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      if (e.dataTransfer?.files.length) upload.current([...e.dataTransfer.files]);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [canEdit]);

  const remove = async () => {
    if (!(await confirmAction({ message: t('issues.detail.confirmDelete', { key: issue.key }), confirmText: t('issues.detail.delete'), destructive: true }))) return;
    // Not through ctl.run: it would reload the issue just deleted.
    try {
      await ctl.remove(issue.id);
      haptic('success');
      navigate(href('issues'));
    } catch (err) {
      ctl.fail(err);
    }
  };

  return (
    <Page name="issue" ownHeading className="issue-page">
      <div className="issue-meta">
        <span className="issue-key" data-testid="issue-key">
          {issue.key}
        </span>
        <Link href={href('project', { id: issue.project.key })} className="issue-project" data-testid="issue-project">
          <ColorDot color={issue.project.color} />
          {issue.project.name}
        </Link>
        <span className="issue-meta__actions">
          <Button
            size="small"
            aria-pressed={issue.watching}
            data-testid="issue-watch"
            onClick={() => void ctl.run(() => issueApi.watch(issue.id, !issue.watching))}
          >
            {issue.watching ? t('issues.detail.unwatch') : t('issues.detail.watch')}
          </Button>
          <ShareToChat issueKey={issue.key} />
          {canEdit && (
            <Link href={href('issueEdit', { id: issue.key })} className={buttonClass({ size: 'small' })} data-testid="issue-edit-link">
              {t('issues.detail.edit')}
            </Link>
          )}
          {issue.can.includes('issue.delete') && (
            <Button variant="danger-secondary" size="small" data-testid="issue-delete" onClick={() => void remove()}>
              {t('issues.detail.delete')}
            </Button>
          )}
        </span>
      </div>

      <div className="issue-layout">
        <TitleInPlace issue={issue} canEdit={canEdit} patch={ctl.patch} headingId={pageTitleId('issue')} />
        <div className="issue-main">
          <DescriptionInPlace issue={issue} canEdit={canEdit} save={ctl.save} userId={me?.id ?? null} />
          <SubIssues data={data} />
          <Relations data={data} ctl={ctl} />
          <Attachments data={data} ctl={ctl} meId={me?.id ?? null} uploader={uploader} />
          <TimeSection issue={issue} onChanged={() => void ctl.refresh()} />
          <Timeline data={data} ctl={ctl} meId={me?.id ?? null} />
        </div>
        <aside className="issue-aside" aria-label={t('issues.detail.properties')}>
          <Properties data={data} ctl={ctl} />
          <div className="field" data-testid="issue-watchers">
            <span className="field__label">{t('issues.detail.watchers', { count: issue.watchers.length })}</span>
            <span>{issue.watchers.map((w) => w.name).join(', ') || t('issues.common.none')}</span>
          </div>
        </aside>
      </div>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          {t('issues.attachments.dropHere')}
        </div>
      )}
    </Page>
  );
}

/** True when the address's `ref` (an id, or a key in any case) is this issue's. */
function namesIssue(ref: string, issue: { id: number; key: string }): boolean {
  return ref === String(issue.id) || ref.toUpperCase() === issue.key;
}
