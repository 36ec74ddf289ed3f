// A range's issues and arrows. The issues are the client store's (every change from its feed, an
// edit in the same frame): the server's answer for the range, through the one query hook, brings
// closed issues older than the store keeps, joins the store, and stands in while the store cannot
// answer. The arrows ("blocks" relations) are not in the store: asked of the server, and again on
// any issue event, as a relation's change is announced as its issues' update.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { useEffect, useMemo } from 'react';
import { useMe } from '../../lib/auth.ts';
import { useQuery } from '../../lib/query.ts';
import { syncEngine, useStoreCalendar } from '../../store/index.ts';
import { timelineApi, type BlockRelation, type RangeQuery } from './api.ts';

const NONE: readonly BlockRelation[] = [];

export interface TimelineData {
  issues: readonly IssueListItem[] | null;
  relations: readonly BlockRelation[];
  loading: boolean;
  error: unknown;
  retry: () => void;
}

export function useTimelineData(range: RangeQuery): TimelineData {
  const me = useMe()?.id ?? null;
  const filter = useMemo(() => ({ from: range.from, to: range.to, mine: false, project: range.project, stream: null }), [range.from, range.to, range.project]);
  const stored = useStoreCalendar(filter, me) as IssueListItem[] | null;
  const key = [range.from, range.to, range.project] as const;
  const server = useQuery(['timeline-issues', ...key], (signal) => timelineApi.issues(range, signal), {
    refetchOn: (e) => stored === null && e.type.startsWith('issue.'),
  });
  // A relation's change is announced for both its issues, so a project's own events are enough.
  const arrows = useQuery(['timeline-relations', ...key], (signal) => timelineApi.relations(range, signal), {
    refetchOn: (e) => e.type.startsWith('issue.') && (range.project === null || e.projectId === range.project),
  });
  const answer = server.data?.issues;
  useEffect(() => {
    if (answer) syncEngine()?.remember(answer);
  }, [answer]);
  return {
    issues: stored ?? answer ?? null,
    relations: arrows.data?.relations ?? NONE,
    loading: server.fetching || server.loading || arrows.loading,
    error: server.error ?? arrows.error,
    retry: () => void Promise.all([server.refetch(), arrows.refetch()]),
  };
}
