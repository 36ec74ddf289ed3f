// Insights charts (issue 29, part 4; see contract/endpoint.ts, docs/insights.md).
import { insightsQuerySchema, insightsResponseSchema } from '../insights.ts';
import { endpoint } from './endpoint.ts';

export const insights = {
  /** `:metric` is created-resolved, cycle-time, workload, overdue or time; the answer carries it back. */
  metric: endpoint('GET', '/api/insights/:metric', { query: insightsQuerySchema, response: insightsResponseSchema }),
};
