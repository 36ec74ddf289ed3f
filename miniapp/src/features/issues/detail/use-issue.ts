// Everything the issue page shows: the issue, its comments and activity in one call
// (`/api/issues/:ref/page`); the project's statuses, labels and members and the custom fields from
// the client store when it holds them (else asked), and so are the streams (else asked alongside,
// never waited for).
// Refetched when a live event names the issue. Inline edits are optimistic with rollback.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import { ISSUE_LIST_FIELDS } from '@tracker/shared/api/issue-list-fields';
import type { Activity, Comment, IssueDetail, IssueListItem, UpdateIssueRequest } from '@tracker/shared/api/issues';
import type { Stream } from '@tracker/shared/api/streams';
import { escapeHtml } from '@tracker/shared/html';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, refusalOf } from '../../../lib/http.ts';
import { useLiveEvents } from '../../../lib/live.ts';
import { toast } from '../../../lib/toasts.ts';
import { editIssue, storeStreams, syncState, useIssue as useStoreIssue } from '../../sync/index.ts';
import { issueApi, lookupApi } from '../api-detail.ts';
import { issuePageData } from './prefetch.ts';
import { storeFields, storeProject, withStoreCopy, type IssueProject } from './from-store.ts';
import { rememberUsers } from './people.ts';
import { haptic } from '../../../platform/use-main-button.ts';
import { errorText } from '../../../lib/error-text.ts';

export interface IssueData {
  issue: IssueDetail;
  project: IssueProject | null;
  fields: CustomField[];
  streams: readonly Pick<Stream, 'id' | 'name'>[];
  comments: Comment[];
  activity: Activity[];
}

type State = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: IssueData };

function remember(data: Partial<IssueData>) {
  const i = data.issue;
  if (i) rememberUsers([i.assignee, i.reporter, ...i.watchers, ...i.attachments.map((a) => a.uploader)]);
  rememberUsers(data.project?.members.map((m) => m.user) ?? []);
  rememberUsers(data.comments?.map((c) => c.author) ?? []);
  rememberUsers(data.activity?.map((a) => a.actor) ?? []);
}

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

export function useIssue(ref: string) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const current = useRef<IssueData | null>(null);
  current.current = state.status === 'ready' ? state.data : null;

  const update = useCallback((fn: (d: IssueData) => IssueData) => {
    setState((s) => {
      if (s.status !== 'ready') return s;
      const data = fn(s.data);
      return data === s.data ? s : { status: 'ready', data };
    });
  }, []);

  const streams = useRef<readonly Pick<Stream, 'id' | 'name'>[] | null>(null);
  /** Counts the page's reads (a load, each refresh): an answer older than the latest asked is dropped. */
  const asked = useRef(0);
  const load = useCallback(async () => {
    asked.current += 1;
    setState({ status: 'loading' });
    // From the store when it is synced; else asked alongside and filled in when it answers.
    if (syncState().syncId !== null) streams.current = storeStreams(syncState());
    else
      void lookupApi.streams().then(
        (list) => {
          streams.current = list;
          update((d) => ({ ...d, streams: list }));
        },
        () => undefined,
      );
    try {
      const { issue, comments, activity } = await issuePageData(ref);
      const store = syncState();
      const [project, fields] = await Promise.all([
        storeProject(store, issue.projectId) ?? lookupApi.project(issue.projectId).catch(() => null),
        storeFields(store, issue.projectId) ?? lookupApi.customFields(issue.projectId).catch(() => [] as CustomField[]),
      ]);
      const data = { issue, project, fields, streams: streams.current ?? [], comments, activity };
      remember(data);
      setState({ status: 'ready', data });
    } catch (error) {
      setState({ status: 'error', error });
    }
  }, [ref, update]);

  useEffect(() => {
    void load();
  }, [load]);

  /**
   * Issue, comments and activity again (reference data rarely changes). Answers can arrive out of
   * order (a live event's refetch asked before a comment was saved, answering after the one asked
   * after it): only the latest asked is applied, and comments still being sent are kept.
   */
  const refresh = useCallback(async () => {
    const d = current.current;
    if (!d) return;
    const n = ++asked.current;
    try {
      const { issue, comments, activity } = await issueApi.page(d.issue.id);
      if (n !== asked.current) return;
      remember({ issue, comments, activity });
      update((old) => ({ ...old, issue, comments: [...comments, ...old.comments.filter((c) => c.id < 0)], activity }));
    } catch (error) {
      if (n === asked.current && refusalOf(error)?.status === 404) setState({ status: 'error', error });
    }
  }, [update]);

  const refreshActivity = useCallback(async () => {
    const d = current.current;
    if (!d) return;
    const activity = await issueApi.activity(d.issue.id).catch(() => null);
    if (activity) update((old) => ({ ...old, activity }));
  }, [update]);

  // Live: within a second of someone else's change (our own arrive too; refetching is harmless).
  const issueId = state.status === 'ready' ? state.data.issue.id : null;
  // The store's feed is usually first: its copy of the list fields shows at once, the refetch below
  // brings the rest.
  const storeCopy = useStoreIssue(issueId ?? 0);
  useEffect(() => {
    if (!storeCopy) return;
    update((d) => {
      const issue = withStoreCopy(d.issue, storeCopy, syncState(), d.streams);
      return issue === d.issue ? d : { ...d, issue };
    });
  }, [storeCopy, update]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const deleting = useRef(false);
  useLiveEvents(
    (e) => issueId !== null && e.issueId === issueId,
    (e) => {
      if (e.type === 'issue.deleted') {
        // Our own delete leaves the page itself; its event may arrive before the answer.
        if (deleting.current) return;
        setState({ status: 'error', error: new ApiError(404, 'Not Found') });
        return;
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void refresh(), 150);
    },
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const fail = useCallback(
    (err: unknown) => {
      haptic('error');
      toast({ title: t('issues.detail.saveFailed'), description: errorText(err, t), color: 'error' });
    },
    [t],
  );

  /**
   * Shows `optimistic` at once, sends `patch`, keeps the server's answer or rolls back; `onRefused`
   * hears why (an edit in place shows it next to its field).
   */
  const patch = useCallback(
    async (body: UpdateIssueRequest, optimistic: Partial<IssueDetail>, onRefused?: (err: unknown) => void) => {
      const before = current.current?.issue;
      if (!before) return false;
      update((d) => ({ ...d, issue: { ...d.issue, ...optimistic } }));
      // Through the store's outbox when it runs: lists show the edit in the same frame, an edit
      // made offline waits there and is sent later, and a refusal is rolled back and toasted by it.
      const queued = editIssue(before.id, body, listFields(optimistic));
      if (queued) {
        try {
          const { issue } = await queued;
          remember({ issue });
          update((d) => ({ ...d, issue }));
          void refreshActivity();
          haptic('success');
          return true;
        } catch (err) {
          update((d) => ({ ...d, issue: before }));
          haptic('error');
          onRefused?.(err);
          return false;
        }
      }
      try {
        const issue = await issueApi.update(before.id, body);
        remember({ issue });
        update((d) => ({ ...d, issue }));
        void refreshActivity();
        haptic('success');
        return true;
      } catch (err) {
        update((d) => ({ ...d, issue: before }));
        fail(err);
        onRefused?.(err);
        return false;
      }
    },
    [update, refreshActivity, fail],
  );

  /**
   * A PATCH sent straight, not queued: for a text edit carrying `baseVersion` (the outbox sends
   * `editedAt`, last writer wins, which would overwrite someone's newer text). Throws on refusal
   * for the caller to show (the conflict view, the message next to the field).
   */
  const save = useCallback(
    async (body: UpdateIssueRequest) => {
      const d = current.current;
      if (!d) return;
      const issue = await issueApi.update(d.issue.id, body);
      remember({ issue });
      update((old) => ({ ...old, issue }));
      void refreshActivity();
      haptic('success');
    },
    [update, refreshActivity],
  );

  /** Runs a call that answers with the whole issue (relations, watching). */
  const run = useCallback(
    async (call: () => Promise<IssueDetail | void>) => {
      try {
        const issue = await call();
        if (issue) update((d) => ({ ...d, issue }));
        else await refresh();
        void refreshActivity();
        haptic('success');
        return true;
      } catch (err) {
        fail(err);
        return false;
      }
    },
    [update, refresh, refreshActivity, fail],
  );

  /**
   * A new comment, on screen in the same frame (marked as sending) and replaced by the server's
   * once it answers; a refusal takes it away again and rejects (the composer gives the text back).
   */
  const addComment = useCallback(
    async (body: string, author: Comment['author']) => {
      const d = current.current;
      if (!d) return;
      const pending = pendingComment(d.issue.id, body, author);
      update((old) => ({ ...old, comments: [...old.comments, pending] }));
      try {
        const saved = await issueApi.addComment(d.issue.id, body);
        update((old) => ({ ...old, comments: [...old.comments.filter((c) => c !== pending && c.id !== saved.id), saved] }));
      } catch (err) {
        update((old) => ({ ...old, comments: old.comments.filter((c) => c !== pending) }));
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

  return { state, patch, save, run, refresh, update, fail, remove, addComment, current: get };
}

export type IssueController = ReturnType<typeof useIssue>;
