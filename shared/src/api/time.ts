// Time tracking (issue 17, item 7): entries logged on issues and the timesheet over a week or month.
import { z } from 'zod';
import { MAX_DURATION_TEXT, parseDuration } from '../duration.ts';
import { userRefSchema } from './common.ts';
import { dateOnly, idParam, text } from './fields.ts';

export const TIME_NOTE_MAX = 1000;
/** A timesheet spans a week or a month; a quarter at most, so one answer stays small. */
export const TIMESHEET_MAX_DAYS = 92;

/** `1h 30m`, `1ч 30м`, `90m`, `1.5h` … → whole minutes (1 … 1440). */
export const spentSchema = text()
  .max(MAX_DURATION_TEXT, 'validation.duration')
  .transform((value, ctx) => {
    const r = parseDuration(value);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.error });
      return z.NEVER;
    }
    return r.minutes;
  });

const note = text().trim().max(TIME_NOTE_MAX, 'validation.tooLong');

/** POST /api/issues/:ref/time → 201 { entry }. `date` is the day worked (today when left out). */
export const logTimeSchema = z.object({ spent: spentSchema, date: dateOnly().optional(), note: note.default('') });
export type LogTimeInput = z.input<typeof logTimeSchema>;

/** PATCH /api/time/:id → { entry } */
export const updateTimeSchema = z
  .object({ spent: spentSchema.optional(), date: dateOnly().optional(), note: note.optional() })
  .refine((b) => b.spent !== undefined || b.date !== undefined || b.note !== undefined, { message: 'validation.required' });
export type UpdateTimeInput = z.input<typeof updateTimeSchema>;

export const timeEntrySchema = z.object({
  id: z.number().int(),
  issue: z.object({ id: z.number().int(), key: z.string(), title: z.string() }),
  user: userRefSchema,
  minutes: z.number().int(),
  /** The day worked, `YYYY-MM-DD`. */
  date: z.string(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may change or delete it (its author, or an admin). */
  canEdit: z.boolean(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntryResponseSchema = z.object({ entry: timeEntrySchema });
/** GET /api/issues/:ref/time: newest day first; `totalMinutes` is the issue's whole spent time. */
export const timeEntriesResponseSchema = z.object({ entries: z.array(timeEntrySchema), totalMinutes: z.number().int() });
export type TimeEntriesResponse = z.infer<typeof timeEntriesResponseSchema>;

/**
 * GET /api/timesheet and /api/timesheet.csv. Without `userId` and `projectId` it is the caller's
 * own; with `projectId` alone, everyone's in that project. Without dates, the current week (Mon–Sun).
 */
export const timesheetQuerySchema = z
  .object({
    userId: idParam().optional(),
    projectId: idParam().optional(),
    from: dateOnly().optional(),
    to: dateOnly().optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { path: ['to'], message: 'validation.required' })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'validation.dueBeforeStart' })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < TIMESHEET_MAX_DAYS, { path: ['to'], message: 'validation.rangeTooLong' });
export type TimesheetQuery = z.input<typeof timesheetQuerySchema>;

/** One cell of the grid: one person's time on one issue on one day. */
export const timesheetCellSchema = z.object({ issueId: z.number().int(), userId: z.number().int(), date: z.string(), minutes: z.number().int() });
export type TimesheetCell = z.infer<typeof timesheetCellSchema>;

export const timesheetResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  issues: z.array(z.object({ id: z.number().int(), key: z.string(), title: z.string(), projectId: z.number().int() })),
  users: z.array(userRefSchema),
  cells: z.array(timesheetCellSchema),
  totalMinutes: z.number().int(),
});
export type TimesheetResponse = z.infer<typeof timesheetResponseSchema>;
