// SLAs per project (issue 29, docs/sla.md): by priority, a target time to the first response and
// to resolution, counted in calendar hours or in working days of the project's zone.
import { z } from 'zod';
import { SLA_MAX_HOURS } from '../limits.ts';
import { text } from './fields.ts';
import { PRIORITIES, type Priority } from './values/issues.ts';
import { ISO_WEEKDAYS } from './values/sla.ts';

export { SLA_FILTERS, type SlaFilter } from './values/sla.ts';

/** A zone this runtime knows by its IANA name (`Europe/Moscow`, `UTC`). */
export const isTimeZoneName = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const hours = z.number('validation.invalid').int('validation.invalid').min(1, 'validation.min').max(SLA_MAX_HOURS, 'validation.max').nullable();
export const slaTargetSchema = z.strictObject({ respondHours: hours, resolveHours: hours });
export type SlaTarget = z.infer<typeof slaTargetSchema>;

export const slaSettingsSchema = z.strictObject({
  enabled: z.boolean('validation.invalid'),
  timeZone: text().min(1, 'validation.required').max(64, 'validation.tooLong').refine(isTimeZoneName, 'validation.timeZone'),
  /** Only working days count (a target of 24 h is one working day), or every hour. */
  businessDays: z.boolean('validation.invalid'),
  workingDays: z
    .array(z.number('validation.invalid').int('validation.invalid').min(1, 'validation.min').max(ISO_WEEKDAYS.length, 'validation.max'), 'validation.invalid')
    .min(1, 'validation.workingDays')
    .max(7, 'validation.max')
    .refine((days) => new Set(days).size === days.length, 'validation.invalid'),
  targets: z.strictObject(Object.fromEntries(PRIORITIES.map((p) => [p, slaTargetSchema])) as Record<Priority, typeof slaTargetSchema>),
});
export type SlaSettings = z.infer<typeof slaSettingsSchema>;

/** `PUT /api/projects/:id/sla`: the settings, or null to turn SLAs off. */
export const putSlaSchema = slaSettingsSchema.nullable();
export const slaResponseSchema = z.object({ sla: slaSettingsSchema });
export type SlaResponse = z.infer<typeof slaResponseSchema>;

/** What an issue carries (`sla`, null when its project has no SLA or its priority no target). */
export const issueSlaSchema = z.object({
  /** The first response is due by then; it stays after the response came (`respondedAt`). */
  respondBy: z.string().nullable(),
  resolveBy: z.string().nullable(),
  respondedAt: z.string().nullable(),
  /** A deadline was missed (marked by the SLA scan once it passes). */
  breached: z.boolean(),
  /** In a waiting status: the clocks stand still, and the deadlines move on by the time spent there. */
  paused: z.boolean(),
});
export type IssueSla = z.infer<typeof issueSlaSchema>;

const none: SlaTarget = { respondHours: null, resolveHours: null };
/** The targets a project starts from: urgent 24 h, high a week, others none. */
export const DEFAULT_SLA_TARGETS: Record<Priority, SlaTarget> = {
  none,
  urgent: { respondHours: 24, resolveHours: 24 },
  high: { respondHours: 168, resolveHours: 168 },
  medium: none,
  low: none,
};

/** A project's settings before anyone saved them: off, calendar days, Monday to Friday. */
export const defaultSlaSettings = (timeZone: string): SlaSettings => ({
  enabled: false,
  timeZone,
  businessDays: false,
  workingDays: [1, 2, 3, 4, 5],
  targets: DEFAULT_SLA_TARGETS,
});
