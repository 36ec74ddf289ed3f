import type { calendarResponseSchema, createFeedResponseSchema, feedsResponseSchema, FEED_SCOPES } from '@tracker/shared/api/calendar';
import { calendar } from '@tracker/shared/api/contract/calendar';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

export type CalendarResponse = z.infer<typeof calendarResponseSchema>;
export type CalendarIssue = CalendarResponse['issues'][number];
export type Feed = z.infer<typeof feedsResponseSchema>['feeds'][number];
export type FeedScope = (typeof FEED_SCOPES)[number];
export type CreatedFeed = z.infer<typeof createFeedResponseSchema>;
/** What the calendar's pickers show of a project and a stream (from the client store). */
export type ProjectSummary = { id: number; key: string; name: string };
export type StreamSummary = { id: number; name: string };

export interface CalendarQuery {
  from: string;
  to: string;
  mine: boolean;
  project: number | null;
  stream: number | null;
}

export const calendarApi = {
  issues: (q: CalendarQuery, signal?: AbortSignal) =>
    api(calendar.issues, {
      query: { from: q.from, to: q.to, mine: q.mine ? '1' : '0', project: q.project ?? undefined, stream: q.stream ?? undefined },
      signal,
    }),
  feeds: () => api(calendar.feeds),
  createFeed: (scope: FeedScope, scopeId: number | null) => api(calendar.createFeed, { body: { scope, scopeId } }),
  revokeFeed: (id: number) => api(calendar.revokeFeed, { params: { id } }),
};
