// Recurring issues (issue 17, item 5): what a PATCH sets and what an issue carries.
import { z } from 'zod';
import { checkRule, RECURRENCE_MODES, RRULE_MAX_LENGTH, utcMidnight } from '../recurrence/rule.ts';
import { text } from './fields.ts';

/**
 * `recurrence` in `PATCH /api/issues/:ref`: an RRULE (RFC 5545, optionally with a DTSTART line) and
 * when the next issue appears — at each date (`schedule`) or when this one is completed
 * (`on_complete`). Refused: text rrule cannot read, a rule that produces no future date, more than
 * one date an hour. A rule without DTSTART starts at the issue's due date, or today (UTC).
 */
export const recurrenceInputSchema = z
  .object({
    rrule: text().trim().min(1, 'validation.required').max(RRULE_MAX_LENGTH, 'recurrence.tooLong'),
    mode: z.enum(RECURRENCE_MODES),
  })
  .strict()
  .superRefine((value, ctx) => {
    const checked = checkRule(value.rrule, utcMidnight(new Date()));
    if ('problem' in checked) ctx.addIssue({ code: 'custom', path: ['rrule'], message: checked.problem });
  });
export type RecurrenceInput = z.output<typeof recurrenceInputSchema>;

/** An issue's recurrence: its rule, its mode and when the next occurrence is due (null: the rule is exhausted). */
export const recurrenceSchema = z.object({
  rrule: z.string(),
  mode: z.enum(RECURRENCE_MODES),
  nextAt: z.string().nullable(),
});
export type Recurrence = z.infer<typeof recurrenceSchema>;
