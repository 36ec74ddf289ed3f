// The insights values, without zod: the web app's charts read them (issue 27, the light start);
// ../insights.ts builds its schemas on them.

/** The charts `GET /api/insights/:metric` draws. */
export const INSIGHT_METRICS = ['created-resolved', 'cycle-time', 'workload', 'overdue', 'time'] as const;
export type InsightMetric = (typeof INSIGHT_METRICS)[number];

/** How the workload chart groups open issues, the first the default. */
export const WORKLOAD_GROUPS = ['assignee', 'priority', 'status'] as const;
/** How the time chart groups logged time, the first the default. */
export const TIME_GROUPS = ['person', 'project'] as const;
export const INSIGHT_GROUPS = [...WORKLOAD_GROUPS, ...TIME_GROUPS] as const;
export type InsightGroup = (typeof INSIGHT_GROUPS)[number];

/** The range when none is asked for: this many weeks up to today, the current one included. */
export const INSIGHTS_DEFAULT_WEEKS = 12;
/** The longest range a chart covers: ten years. */
export const INSIGHTS_MAX_DAYS = 3653;

/**
 * The cycle and lead time distribution's buckets, in days: `[from, to)` each, the last open-ended.
 * Their edges in hours are the SQL's (`width_bucket`), their keys the answer's and the web app's.
 */
export const DURATION_BUCKETS = ['0-1', '1-2', '2-4', '4-7', '7-14', '14-30', '30-60', '60+'] as const;
export type DurationBucket = (typeof DURATION_BUCKETS)[number];
export const DURATION_BUCKET_EDGES_DAYS = [1, 2, 4, 7, 14, 30, 60] as const;
