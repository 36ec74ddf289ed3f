// `/issues/{id}`: id or key (the canonical URL uses the key). Two columns: the title and the
// description (both edited in place, detail/TitleInPlace.tsx and DescriptionInPlace.tsx),
// sub-issues, relations, attachments (drop files anywhere on the page) and one timeline of
// comments and history on the left; the properties, edited in place, on the right. On a phone one
// column: the status and the assignee under the title, the other properties in a bottom sheet
// (detail/PhoneProperties.tsx), and the comment composer docked above the tab bar. Live: refetches
// when someone else changes the issue. While the page call is on its way, the client store's copy
// of the issue shows at once (detail/Preview.tsx).
import { memo, useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page, pageTitleId } from '../../../components/Page.tsx';
import type { TimeSectionSlot } from '../../../components/slots.ts';
import { useMe } from '../../../lib/auth.ts';
import { errorText, refusalOf } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { usePhone } from '../../../lib/use-media.ts';
import { useRouteParams } from '../../../lib/use-route-params.ts';
import { useSecondaryButton } from '../../../platform/use-main-button.ts';
import { Attachments, useUploads } from '../detail/Attachments.tsx';
import { DescriptionInPlace } from '../detail/DescriptionInPlace.tsx';
import { IssueHeader } from '../detail/IssueHeader.tsx';
import { Relations, SubIssues } from '../detail/Links.tsx';
import { PageError } from '../detail/page-error.ts';
import { PhoneProperties } from '../detail/PhoneProperties.tsx';
import { IssuePreview } from '../detail/Preview.tsx';
import { Properties, Watchers } from '../detail/Properties.tsx';
import { useIssueShortcuts } from '../detail/shortcuts.ts';
import { Timeline } from '../detail/Timeline.tsx';
import { TitleInPlace } from '../detail/TitleInPlace.tsx';
import { useFileDrop } from '../detail/use-file-drop.ts';
import { useIssue, type IssueController, type IssueData } from '../detail/use-issue.ts';
import '../detail/issue.css';

/** `TimeSection`: time tracking's section, passed in by the route (app/routes/IssuePage.tsx). */
export default function IssuePage({ TimeSection }: { TimeSection: TimeSectionSlot }) {
  const { t } = useTranslation();
  const { id = '' } = useRouteParams();
  const { state, ctl } = useIssue(id);

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
  const me = useMe();
  const phone = usePhone();
  const { issue } = data;
  usePageTitle(`${issue.key} ${issue.title}`);
  const canEdit = issue.can.includes('issue.edit');
  const editHref = href('issueEdit', { id: issue.key });
  useIssueShortcuts(canEdit, useCallback(() => navigate(editHref), [navigate, editHref]));
  const uploader = useUploads(issue.id, ctl);
  const dragging = useFileDrop(canEdit, uploader.upload);
  // Inside Telegram the full form is the SecondaryButton: the MainButton belongs to the comment
  // being written (as Telegram's own send) or the description being edited. The header link stays.
  useSecondaryButton(canEdit ? { text: t('issues.detail.edit') } : null, () => navigate(editHref));
  useCanonicalAddress(routeId, issue.id, issue.key);

  // Opening the page, its first frame holds the header and the title; the properties and the
  // sections follow in a deferred render (never another issue's under this one's title). Then an
  // edit renders what it changes (the header, the title, the properties) in its own frame, and the
  // long sections below follow once it is painted.
  const deferred = useDeferredValue<IssueData | null>(data, null);
  const later = deferred?.issue.id === issue.id ? deferred : null;
  const meId = me?.id ?? null;
  const onTimeChanged = useCallback(() => void ctl.refresh(), [ctl]);
  // By its three fields, not the issue: a status change must not render the time section again.
  const [timeId, spent, can] = [later?.issue.id, later?.issue.spentMinutes ?? 0, later?.issue.can];
  const timeIssue = useMemo(() => (timeId === undefined || !can ? undefined : { id: timeId, spentMinutes: spent, can }), [timeId, spent, can]);

  return (
    <Page name="issue" ownHeading className={phone ? 'issue-page issue-page--phone' : 'issue-page'}>
      <IssueHeader data={data} ctl={ctl} compact={phone} />
      {/* Busy while the deferred part still shows older data, or none yet (assistive tech and tests wait). */}
      <div className="issue-layout" aria-busy={later !== data || undefined}>
        <TitleInPlace issue={issue} canEdit={canEdit} patch={ctl.patch} headingId={pageTitleId('issue')} />
        {phone && later && <PhoneProperties data={data} ctl={ctl} />}
        <div className="issue-main">
          {later && timeIssue && (
            <>
              <LaterDescription issue={later.issue} canEdit={canEdit} save={ctl.save} userId={meId} />
              <LaterSubIssues data={later} />
              <LaterRelations data={later} ctl={ctl} />
              <LaterAttachments data={later} ctl={ctl} meId={meId} uploader={uploader} />
              <TimeSection issue={timeIssue} onChanged={onTimeChanged} />
              <LaterTimeline data={later} ctl={ctl} meId={meId} docked={phone} />
            </>
          )}
        </div>
        {!phone && (
          <aside className="issue-aside" aria-label={t('issues.detail.properties')}>
            {later && (
              <>
                <Properties data={data} ctl={ctl} />
                <Watchers watchers={issue.watchers} />
              </>
            )}
          </aside>
        )}
      </div>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          {t('issues.attachments.dropHere')}
        </div>
      )}
    </Page>
  );
}

// Memoised: they render again only when the deferred data (or what they are given) changes.
const LaterDescription = memo(DescriptionInPlace);
const LaterSubIssues = memo(SubIssues);
const LaterRelations = memo(Relations);
const LaterAttachments = memo(Attachments);
const LaterTimeline = memo(Timeline);

/** `/issues/123` → `/issues/WEB-7`, keeping the query (only for this issue's own id or key). */
function useCanonicalAddress(routeId: string, id: number, key: string) {
  const href = useHref();
  const [, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (routeId !== key && namesIssue(routeId, { id, key })) navigate(href('issue', { id: key }) + (search ? `?${search}` : ''), { replace: true });
  }, [routeId, id, key, href, navigate, search]);
}

/** True when the address's `ref` (an id, or a key in any case) is this issue's. */
function namesIssue(ref: string, issue: { id: number; key: string }): boolean {
  return ref === String(issue.id) || ref.toUpperCase() === issue.key;
}
