// The timeline (issue 29; see contract/endpoint.ts and docs/timeline.md).
import { timelineQuerySchema, timelineResponseSchema } from '../timeline.ts';
import { endpoint } from './endpoint.ts';

export const timeline = {
  /** The "blocks" relations among the issues a range shows: the timeline's arrows. */
  relations: endpoint('GET', '/api/timeline', { query: timelineQuerySchema, response: timelineResponseSchema }),
};
