// Insights (issue 29, part 4): chart-ready aggregates of the issues a list's filters select, over a
// range of days. Each answer's rows are the chart, its table view and its CSV at once.
import { z } from 'zod';
import { idParam } from './fields.ts';
import { dateSchema } from './common.ts';
import { issueListQuerySchema } from './issues.ts';
import { DURATION_BUCKETS, INSIGHT_GROUPS, TIME_GROUPS, WORKLOAD_GROUPS } from './values/insights.ts';

export * from './values/insights.ts';

/**
 * The list's filters (not its page), a saved view whose stored filters apply under the query's own,
 * a range of days (default: the last 12 weeks to today, in the viewer's time zone) and a grouping.
 */
export const insightsQuerySchema = issueListQuerySchema.omit({ sort: true, order: true, cursor: true, limit: true }).extend({
  view: idParam().optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  by: z.enum(INSIGHT_GROUPS, 'validation.invalid').optional(),
});
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

const count = z.number().int();
const range = { from: z.string(), to: z.string() };

/** Hours: the median and 85th percentile of the issues counted (null when none are). */
export const durationStatsSchema = z.object({ median: z.number().nullable(), p85: z.number().nullable(), count });

export const createdResolvedSchema = z.object({
  metric: z.literal('created-resolved'),
  ...range,
  /** One row a week (`week` is its first day), oldest first. */
  rows: z.array(z.object({ week: z.string(), created: count, resolved: count })),
});
export const cycleTimeSchema = z.object({
  metric: z.literal('cycle-time'),
  ...range,
  cycleTime: durationStatsSchema,
  leadTime: durationStatsSchema,
  /** How many completed issues took each bucket's number of days. */
  rows: z.array(z.object({ bucket: z.enum(DURATION_BUCKETS), cycle: count, lead: count })),
});
export const workloadSchema = z.object({
  metric: z.literal('workload'),
  by: z.enum(WORKLOAD_GROUPS),
  ...range,
  /** `key`: `u<id>` or `none`, a priority, or a status name; `label`: a person's or status's name ('' where the app words it). */
  rows: z.array(z.object({ key: z.string(), label: z.string(), open: count })),
});
export const overdueSchema = z.object({
  metric: z.literal('overdue'),
  ...range,
  rows: z.array(z.object({ week: z.string(), overdue: count })),
});
export const timeSchema = z.object({
  metric: z.literal('time'),
  by: z.enum(TIME_GROUPS),
  ...range,
  /** `key`: `u<id>` or `p<id>`; `label`: the person's or project's name. */
  rows: z.array(z.object({ key: z.string(), label: z.string(), minutes: count })),
});

export const insightsResponseSchema = z.discriminatedUnion('metric', [createdResolvedSchema, cycleTimeSchema, workloadSchema, overdueSchema, timeSchema]);
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
export type InsightAnswer<M extends InsightsResponse['metric']> = Extract<InsightsResponse, { metric: M }>;
