// The timeline's server calls: the issues of a range (the calendar's range query, for what the
// store does not hold: closed issues older than it keeps, evicted projects) and its arrows.
import { calendar } from '@tracker/shared/api/contract/calendar';
import { timeline } from '@tracker/shared/api/contract/timeline';
import type { BlockRelation } from '@tracker/shared/api/timeline';
import { api } from '../../lib/api-client.ts';

export type { BlockRelation };

export interface RangeQuery {
  from: string;
  to: string;
  project: number | null;
}

export const timelineApi = {
  issues: (q: RangeQuery, signal?: AbortSignal) => api(calendar.issues, { query: { from: q.from, to: q.to, mine: '0', project: q.project ?? undefined }, signal }),
  relations: (q: RangeQuery, signal?: AbortSignal) => api(timeline.relations, { query: { from: q.from, to: q.to, project: q.project ?? undefined }, signal }),
};
