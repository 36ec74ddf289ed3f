// Everything the issue page shows. The issue, its comments and activity are one server answer
// (`/api/issues/:ref/page`) through the query hook (asked again when a live event names the issue);
// the store's copy of the issue lays its newer list fields over it, so an edit from the outbox or
// the feed shows in the same frame; the project's statuses, labels and members, the custom fields and
// the streams come from the client store. Writes go through the store: edits through its outbox
// (optimistic, queued offline, rolled back on refusal), the rest through `writeIssueNow`.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import { ISSUE_LIST_FIELDS } from '@tracker/shared/api/issue-list-fields';
import type { Activity, Comment, IssueDetail, IssueListItem, IssuePageResponse, UpdateIssueRequest } from '@tracker/shared/api/issues';
import type { Stream } from '@tracker/shared/api/streams';
import { escapeHtml } from '@tracker/shared/html';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { errorText } from '../../../lib/error-text.ts';
import { ApiError } from '../../../lib/http.ts';
import { useLiveEvents } from '../../../lib/live.ts';
import { readQuery, useQuery } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { haptic } from '../../../platform/use-main-button.ts';
import { editIssue, storeStreams, syncState, writeIssueNow } from '../../../store/index.ts';
import { issueApi } from '../../../lib/api/issue-detail.ts';
import { storeFields, storeProject, withStoreCopy, type IssueProject } from './from-store.ts';
import { issuePageKey, loadIssuePage } from './prefetch.ts';
import { undoOf, type Undo } from './undo.ts';

export interface IssueData {
  issue: IssueDetail;
  project: IssueProject | null;
  fields: CustomField[];
  streams: readonly Pick<Stream, 'id' | 'name'>[];
  comments: Comment[];
  activity: Activity[];
}

type State = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: IssueData };

let pendingIds = 0;

/** A comment not yet saved: a negative id (never the server's), its text shown plain until the server renders it. */
export function pendingComment(issueId: number, body: string, author: Comment['author'], now = new Date()): Comment {
  const at = now.toISOString();
  return { id: -++pendingIds, issueId, author, body, bodyHtml: `<p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>`, createdAt: at, updatedAt: at, mentions: [] };
}

/** The list fields of an optimistic change (what the store's copy shows). */
function listFields(change: Partial<IssueDetail>): Partial<IssueListItem> {
  const out: Partial<Record<keyof IssueListItem, unknown>> = {};
  for (const key of ISSUE_LIST_FIELDS) if (key in change) out[key] = change[key];
  return out as Partial<IssueListItem>;
}

/** The page's answer, keeping comments still being sent (an answer asked before they were saved). */
const withSending = (answer: IssuePageResponse, shown: IssuePageResponse | undefined): IssuePageResponse =>
  shown ? { ...answer, comments: [...answer.comments, ...shown.comments.filter((c) => c.id < 0)] } : answer;

export function useIssue(ref: string) {
  const { t, i18n } = useTranslation();
  const key = issuePageKey(ref);
  const shownId = useRef<number | null>(null);
  const page = useQuery(
    key,
    (signal) => loadIssuePage(ref)(signal).then((answer) => withSending(answer, readQuery<IssuePageResponse>(key).data)),
    { freshMs: 10_000, refetchOn: (e) => e.issueId !== null && e.issueId === shownId.current && e.type !== 'issue.deleted' },
  );
  shownId.current = page.data?.issue.id ?? null;
  const setPage = page.setData;

  // Deleted by someone else while shown (our own delete leaves the page itself).
  const [gone, setGone] = useState(false);
  const deleting = useRef(false);
  useLiveEvents(
    (e) => e.type === 'issue.deleted' && e.issueId !== null && e.issueId === shownId.current,
    () => !deleting.current && setGone(true),
  );

  const { issues, projects, statuses, labels, members, users, customFields, streams, syncId } = useSnapshot(syncState());
  const answer = page.data;
  const projectId = answer?.issue.projectId ?? null;
  // Each piece keeps its identity while its own sources do, so the sections that take only comments,
  // the project or the fields skip the frame of an edit to the issue (issue 27's budgets).
  const copy = answer ? issues[answer.issue.id] : undefined;
  const streamList = useMemo(() => storeStreams({ streams }), [streams]);
  const issue = useMemo(
    () => (answer && copy ? withStoreCopy(answer.issue, copy, { statuses, labels, issues }, streamList) : answer?.issue),
    // `issues` is read for the parent only: a change elsewhere in the store does not remake the issue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answer?.issue, copy, statuses, labels, streamList, copy?.parentId === null || copy?.parentId === undefined ? null : issues[copy.parentId]],
  );
  const tables = { projects, statuses, labels, members, users, customFields, syncId } as unknown as Parameters<typeof storeProject>[0] & Parameters<typeof storeFields>[0];
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `tables` is these sources
  const project = useMemo(() => (projectId === null ? null : storeProject(tables, projectId)), [projectId, projects, statuses, labels, members, users, syncId]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  const fields = useMemo(() => (projectId === null ? [] : (storeFields(tables, projectId) ?? [])), [projectId, projects, customFields, syncId]);
  const data = useMemo(
    (): IssueData | null => (answer && issue ? { issue, project, fields, streams: streamList, comments: answer.comments, activity: answer.activity } : null),
    [answer, issue, project, fields, streamList],
  );

  const state: State = gone
    ? { status: 'error', error: new ApiError(404, 'Not Found') }
    : data
      ? { status: 'ready', data }
      : page.error !== null
        ? { status: 'error', error: page.error }
        : { status: 'loading' };

  const current = useRef<IssueData | null>(null);
  current.current = data;

  /** Changes the page's answer in place (an optimistic change, or what a write answered). */
  const update = useCallback(
    (fn: (d: IssuePageResponse) => IssuePageResponse) => setPage((d) => d && fn(d)),
    [setPage],
  );
  const setIssue = useCallback((issue: IssueDetail) => update((d) => ({ ...d, issue })), [update]);
  const refetch = page.refetch;
  const refresh = useCallback(() => refetch(), [refetch]);
  const refreshActivity = useCallback(async () => {
    const id = shownId.current;
    const activity = id === null ? null : await issueApi.activity(id).catch(() => null);
    if (activity) update((d) => ({ ...d, activity }));
  }, [update]);

  const fail = useCallback(
    (err: unknown) => {
      haptic('error');
      toast({ title: t('issues.detail.saveFailed'), description: errorText(err, t), color: 'error' });
    },
    [t],
  );

  /**
   * Shows `optimistic` at once and sends `patch` through the store's outbox: lists show it in the
   * same frame, an edit made offline waits there, and a refusal is rolled back and toasted by it;
   * `onRefused` hears why (an edit in place shows it next to its field).
   */
  const patch = useCallback(
    async (body: UpdateIssueRequest, optimistic: Partial<IssueDetail>, onRefused?: (err: unknown) => void, offerUndo = true) => {
      const before = current.current?.issue;
      if (!before) return false;
      const queued = editIssue(before.id, body, listFields(optimistic));
      if (!queued) {
        fail(new Error('store not open'));
        return false;
      }
      update((d) => ({ ...d, issue: { ...d.issue, ...optimistic } }));
      try {
        const { issue } = await queued;
        setIssue(issue);
        void refreshActivity();
        haptic('success');
        const undo = offerUndo ? undoOf(before, body) : null;
        if (undo) {
          const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(undo.fields.map((f) => t(`common.sync.fields.${f}`, { defaultValue: f })));
          toast({ title: t('common.sync.changed', { fields: names }), color: 'success', action: { label: t('common.sync.undo'), run: () => void undoRef.current(undo) } });
        }
        return true;
      } catch (err) {
        update((d) => ({ ...d, issue: before }));
        haptic('error');
        onRefused?.(err);
        return false;
      }
    },
    [update, setIssue, refreshActivity, fail, t, i18n],
  );
  // The toast's Undo is the same write path, once (an undo offers no undo of itself).
  const undoRef = useRef((undo: Undo) => patch(undo.body, undo.optimistic, undefined, false));
  undoRef.current = (undo: Undo) => patch(undo.body, undo.optimistic, undefined, false);

  /** A versioned text edit (see writeIssueNow); throws on refusal for the caller to show. */
  const save = useCallback(
    async (body: UpdateIssueRequest) => {
      const id = shownId.current;
      if (id === null) return;
      setIssue(await writeIssueNow(() => issueApi.update(id, body)));
      void refreshActivity();
      haptic('success');
    },
    [setIssue, refreshActivity],
  );

  /** Runs a call that answers with the whole issue (relations, watching), or nothing (then asks again). */
  const run = useCallback(
    async (call: () => Promise<IssueDetail | void>) => {
      try {
        const answered = await writeIssueNow(call);
        if (answered) setIssue(answered);
        else await refresh();
        void refreshActivity();
        haptic('success');
        return true;
      } catch (err) {
        fail(err);
        return false;
      }
    },
    [setIssue, refresh, refreshActivity, fail],
  );

  /**
   * A new comment, on screen in the same frame (marked as sending) and replaced by the server's
   * once it answers; a refusal takes it away again and rejects (the composer gives the text back).
   */
  const addComment = useCallback(
    async (body: string, author: Comment['author']) => {
      const id = shownId.current;
      if (id === null) return;
      const pending = pendingComment(id, body, author);
      update((d) => ({ ...d, comments: [...d.comments, pending] }));
      try {
        const saved = await issueApi.addComment(id, body);
        update((d) => ({ ...d, comments: [...d.comments.filter((c) => c !== pending && c.id !== saved.id), saved] }));
      } catch (err) {
        update((d) => ({ ...d, comments: d.comments.filter((c) => c !== pending) }));
        throw err;
      }
    },
    [update],
  );

  const get = useCallback(() => current.current, []);
  /** Deletes the issue; the page leaves on its own (no "not found" from the live event meanwhile). */
  const remove = useCallback(async (id: number) => {
    deleting.current = true;
    try {
      await issueApi.remove(id);
    } catch (err) {
      deleting.current = false;
      throw err;
    }
  }, []);

  // One object for the page's life: sections memoised on it skip the frames that change only the data.
  const ctl = useMemo(() => ({ patch, save, run, refresh, update, fail, remove, addComment, current: get }), [patch, save, run, refresh, update, fail, remove, addComment, get]);
  return { state, ctl };
}

export type IssueController = ReturnType<typeof useIssue>['ctl'];
