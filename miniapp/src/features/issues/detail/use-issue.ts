// Everything the issue page shows, loaded together and refetched when a live event names the
// issue (someone else changed it or commented). Inline edits are optimistic with rollback.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { Activity, Comment, IssueDetail, UpdateIssueRequest } from '@tracker/shared/api/issues';
import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { Stream } from '@tracker/shared/api/streams';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { useLiveEvents } from '../../../lib/live.ts';
import { toast } from '../../../lib/toasts.ts';
import { issueApi, lookupApi } from '../api-detail.ts';
import { errorMessage } from '../form/errors.ts';
import { rememberUsers } from './people.ts';
import { haptic } from '../../../platform/use-main-button.ts';

export interface IssueData {
  issue: IssueDetail;
  project: ProjectDetailResponse | null;
  fields: CustomField[];
  streams: Stream[];
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

export function useIssue(ref: string) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const current = useRef<IssueData | null>(null);
  current.current = state.status === 'ready' ? state.data : null;

  const update = useCallback((fn: (d: IssueData) => IssueData) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', data: fn(s.data) } : s));
  }, []);

  const load = useCallback(async (soft: boolean) => {
    if (!soft) setState({ status: 'loading' });
    try {
      const issue = await issueApi.get(ref);
      const [project, fields, streams, comments, activity] = await Promise.all([
        lookupApi.project(issue.projectId).catch(() => null),
        lookupApi.customFields(issue.projectId).catch(() => [] as CustomField[]),
        lookupApi.streams().catch(() => [] as Stream[]),
        issueApi.comments(issue.id),
        issueApi.activity(issue.id),
      ]);
      const data = { issue, project, fields, streams, comments, activity };
      remember(data);
      setState({ status: 'ready', data });
    } catch (error) {
      if (!soft || (error instanceof ApiError && error.status === 404)) setState({ status: 'error', error });
    }
  }, [ref]);

  useEffect(() => {
    void load(false);
  }, [load]);

  /** Issue, comments and activity again (reference data rarely changes). */
  const refresh = useCallback(async () => {
    const d = current.current;
    if (!d) return;
    try {
      const [issue, comments, activity] = await Promise.all([issueApi.get(d.issue.id), issueApi.comments(d.issue.id), issueApi.activity(d.issue.id)]);
      remember({ issue, comments, activity });
      update((old) => ({ ...old, issue, comments, activity }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setState({ status: 'error', error });
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
      toast({ title: t('issues.detail.saveFailed'), description: errorMessage(err, t, (k) => i18n.exists(k)), color: 'error' });
    },
    [t, i18n],
  );

  /** Shows `optimistic` at once, sends `patch`, keeps the server's answer or rolls back. */
  const patch = useCallback(
    async (body: UpdateIssueRequest, optimistic: Partial<IssueDetail>) => {
      const before = current.current?.issue;
      if (!before) return false;
      update((d) => ({ ...d, issue: { ...d.issue, ...optimistic } }));
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
        return false;
      }
    },
    [update, refreshActivity, fail],
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

  return { state, patch, run, refresh, update, fail, remove, current: get };
}

export type IssueController = ReturnType<typeof useIssue>;
