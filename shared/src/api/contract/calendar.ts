// The calendar and its iCalendar feeds (see contract/endpoint.ts).
import { calendarQuerySchema, calendarResponseSchema, createFeedResponseSchema, createFeedSchema, feedsResponseSchema } from '../calendar.ts';
import { endpoint } from './endpoint.ts';

export const calendar = {
  issues: endpoint('GET', '/api/calendar', { query: calendarQuerySchema, response: calendarResponseSchema }),
  feeds: endpoint('GET', '/api/calendar/feeds', { response: feedsResponseSchema }),
  createFeed: endpoint('POST', '/api/calendar/feeds', { body: createFeedSchema, response: createFeedResponseSchema, status: 201 }),
  revokeFeed: endpoint('DELETE', '/api/calendar/feeds/:id'),
};
