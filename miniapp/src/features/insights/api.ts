import { insights } from '@tracker/shared/api/contract/insights';
import type { InsightMetric, InsightsQuery } from '@tracker/shared/api/insights';
import { api } from '../../lib/api-client.ts';

export const insightsApi = {
  metric: (metric: InsightMetric, query: InsightsQuery, signal?: AbortSignal) => api(insights.metric, { params: { metric }, query, signal }),
};
