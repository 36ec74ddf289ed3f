import { z } from 'zod';
import { text } from './fields.ts';
import { dateSchema } from './common.ts';
import { CYCLE_MAX_DAYS, CYCLE_MAX_WEEKS, CYCLES_AHEAD, VELOCITY_CYCLES } from './values/cycles.ts';

export { CYCLE_MAX_DAYS, CYCLE_MAX_WEEKS, CYCLES_AHEAD, VELOCITY_CYCLES };

/**
 * A cycle (sprint) of a project: from `startsOn` up to, not including, `endsOn` — the day the next
 * one starts, as Linear counts it. Dates are days in the cycle's `timeZone`, where it starts and ends at midnight.
 */
export const cycleSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  number: z.number().int(),
  name: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  timeZone: z.string(),
  /** When its unfinished issues moved on to the next cycle; null until it ends. */
  rolledOverAt: z.string().nullable(),
});
export type Cycle = z.infer<typeof cycleSchema>;

/** The cadence: cycles of `weeks` weeks starting on ISO weekday `startDay` (1 = Monday … 7 = Sunday). */
export const cycleSettingsSchema = z
  .object({
    weeks: z.number('validation.invalid').int('validation.invalid').min(1, 'validation.cycleWeeks').max(CYCLE_MAX_WEEKS, 'validation.cycleWeeks'),
    startDay: z.number('validation.invalid').int('validation.invalid').min(1, 'validation.invalid').max(7, 'validation.invalid'),
  })
  .strict();
export type CycleSettings = z.infer<typeof cycleSettingsSchema>;
/** `PUT /api/projects/:id/cycle-settings`: a cadence, or null to stop making cycles (the made ones stay). */
export const putCycleSettingsSchema = cycleSettingsSchema.nullable();
export const cycleSettingsResponseSchema = z.object({
  settings: cycleSettingsSchema.extend({ timeZone: z.string() }).nullable(),
  cycles: z.array(cycleSchema),
});
export type CycleSettingsResponse = z.infer<typeof cycleSettingsResponseSchema>;
/** `GET /api/projects/:id/cycles`: the cadence and every cycle, oldest first. */
export const projectCyclesResponseSchema = cycleSettingsResponseSchema;

const name = text().trim().max(100, 'validation.tooLong');
export const createCycleSchema = z
  .object({ name: name.nullable().default(null), startsOn: dateSchema, endsOn: dateSchema })
  .strict()
  .refine((c) => c.endsOn > c.startsOn, { path: ['endsOn'], message: 'validation.cycleEmpty' });
export const updateCycleSchema = z
  .object({ name: name.nullable(), startsOn: dateSchema, endsOn: dateSchema })
  .partial()
  .strict()
  .refine((c) => !c.startsOn || !c.endsOn || c.endsOn > c.startsOn, { path: ['endsOn'], message: 'validation.cycleEmpty' });
export type CreateCycleRequest = z.input<typeof createCycleSchema>;
export type UpdateCycleRequest = z.input<typeof updateCycleSchema>;

/** One day of a cycle: its scope and what was completed by the day's end, and where completion would ideally be. */
export const burndownPointSchema = z.object({ date: z.string(), scope: z.number().int(), completed: z.number().int(), ideal: z.number() });
export const velocityCycleSchema = z.object({ cycleId: z.number().int(), number: z.number().int(), name: z.string().nullable(), scope: z.number().int(), completed: z.number().int() });

export const cycleDetailSchema = cycleSchema.extend({
  state: z.enum(['upcoming', 'current', 'past']),
  /** Issues in the cycle now, those completed and those in a started status. */
  scope: z.number().int(),
  completed: z.number().int(),
  inProgress: z.number().int(),
  byStatus: z.array(z.object({ statusId: z.number().int(), count: z.number().int() })),
  /** One point per day from the start to today (the whole cycle once it ended); empty before it starts. */
  burndown: z.array(burndownPointSchema),
  /** The last VELOCITY_CYCLES ended cycles up to this one, oldest first, and their mean completed count. */
  velocity: z.object({ average: z.number(), cycles: z.array(velocityCycleSchema) }),
});
export type CycleDetail = z.infer<typeof cycleDetailSchema>;
export const cycleResponseSchema = z.object({ cycle: cycleDetailSchema });
export const cycleCreatedResponseSchema = z.object({ cycle: cycleSchema });
