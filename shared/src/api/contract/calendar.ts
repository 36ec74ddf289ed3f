// The calendar and its iCalendar feeds (see contract/endpoint.ts).
import { calendarQuerySchema, calendarResponseSchema, createFeedResponseSchema, createFeedSchema, feedsResponseSchema } from '../calendar.ts';
import { endpoint } from './endpoint.ts';

export const calendar = {
  issues: endpoint('GET', '/api/calendar', { query: calendarQuerySchema, response: calendarResponseSchema }),
  feeds: endpoint('GET', '/api/calendar/feeds', { response: feedsResponseSchema }),
  createFeed: endpoint('POST', '/api/calendar/feeds', { body: createFeedSchema, response: createFeedResponseSchema, status: 201 }),
  revokeFeed: endpoint('DELETE', '/api/calendar/feeds/:id'),
  /** Outside /api: calendar apps subscribe to it; the token in the path is the credential. */
  ics: endpoint('GET', '/ics/:token.ics', { responseType: 'text/calendar', public: true, summary: 'An iCalendar feed, by the token from POST /api/calendar/feeds' }),
};
