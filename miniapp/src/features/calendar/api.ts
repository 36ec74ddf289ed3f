import type { calendarResponseSchema, createFeedResponseSchema, feedsResponseSchema, FEED_SCOPES } from '@tracker/shared/api/calendar';
import { calendar } from '@tracker/shared/api/contract/calendar';
import { issues } from '@tracker/shared/api/contract/issues';
import { projects } from '@tracker/shared/api/contract/projects';
import { streams } from '@tracker/shared/api/contract/streams';
import type { UpdateIssueRequest } from '@tracker/shared/api/issues';
import type { projectsResponseSchema } from '@tracker/shared/api/projects';
import type { streamsResponseSchema } from '@tracker/shared/api/streams';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

export type CalendarResponse = z.infer<typeof calendarResponseSchema>;
export type CalendarIssue = CalendarResponse['issues'][number];
export type Feed = z.infer<typeof feedsResponseSchema>['feeds'][number];
export type FeedScope = (typeof FEED_SCOPES)[number];
export type CreatedFeed = z.infer<typeof createFeedResponseSchema>;
export type ProjectSummary = z.infer<typeof projectsResponseSchema>['projects'][number];
export type StreamSummary = z.infer<typeof streamsResponseSchema>['streams'][number];

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
  reschedule: (id: number, patch: Pick<UpdateIssueRequest, 'startDate' | 'dueDate'>) => api(issues.update, { params: { ref: id }, body: patch }),
  projects: () => api(projects.list),
  project: (id: number) => api(projects.get, { params: { ref: id } }),
  streams: () => api(streams.list),
  feeds: () => api(calendar.feeds),
  createFeed: (scope: FeedScope, scopeId: number | null) => api(calendar.createFeed, { body: { scope, scopeId } }),
  revokeFeed: (id: number) => api(calendar.revokeFeed, { params: { id } }),
};
