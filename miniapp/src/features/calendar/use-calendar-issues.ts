// A calendar range's issues: the client store answers at once (every change from its feed); the
// server's answer for the range, through the one query hook, brings closed issues older than the
// store keeps, joins the store, and stands in while the store cannot answer.
import { useEffect } from 'react';
import { useMe } from '../../lib/auth.ts';
import { useQuery } from '../../lib/query.ts';
import { syncEngine, useStoreCalendar } from '../../store/index.ts';
import { calendarApi, type CalendarIssue, type CalendarQuery } from './api.ts';

export function useCalendarIssues(filter: CalendarQuery): { issues: readonly CalendarIssue[] | null; loading: boolean; error: unknown; retry: () => void } {
  const me = useMe()?.id ?? null;
  const stored = useStoreCalendar(filter, me) as CalendarIssue[] | null;
  const server = useQuery(['calendar', filter.from, filter.to, filter.mine, filter.project, filter.stream], (signal) => calendarApi.issues(filter, signal), {
    refetchOn: (e) => stored === null && e.type.startsWith('issue.'),
  });
  const answer = server.data?.issues;
  useEffect(() => {
    if (answer) syncEngine()?.remember(answer);
  }, [answer]);
  return { issues: stored ?? answer ?? null, loading: server.fetching || server.loading, error: server.error, retry: () => void server.refetch() };
}
