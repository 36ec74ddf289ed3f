import type { calendarResponseSchema, createFeedResponseSchema, feedsResponseSchema, FEED_SCOPES } from '@tracker/shared/api/calendar';
import type { IssueDetail, UpdateIssueRequest } from '@tracker/shared/api/issues';
import type { ProjectDetailResponse, projectsResponseSchema } from '@tracker/shared/api/projects';
import type { streamsResponseSchema } from '@tracker/shared/api/streams';
import type { z } from 'zod';
import { http } from '../../lib/http.ts';

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
    http.get<CalendarResponse>('/api/calendar', {
      query: { from: q.from, to: q.to, mine: q.mine ? '1' : '0', project: q.project ?? undefined, stream: q.stream ?? undefined },
      signal,
    }),
  reschedule: (id: number, patch: Pick<UpdateIssueRequest, 'startDate' | 'dueDate'>) =>
    http.request<{ issue: IssueDetail }>(`/api/issues/${id}`, { method: 'PATCH', body: patch }),
  projects: () => http.get<z.infer<typeof projectsResponseSchema>>('/api/projects'),
  project: (id: number) => http.get<ProjectDetailResponse>(`/api/projects/${id}`),
  streams: () => http.get<z.infer<typeof streamsResponseSchema>>('/api/streams'),
  feeds: () => http.get<z.infer<typeof feedsResponseSchema>>('/api/calendar/feeds'),
  createFeed: (scope: FeedScope, scopeId: number | null) => http.post<CreatedFeed>('/api/calendar/feeds', { scope, scopeId }),
  revokeFeed: (id: number) => http.request<void>(`/api/calendar/feeds/${id}`, { method: 'DELETE' }),
};
