// Making an issue repeat, and the two ways its next occurrence comes: the scheduler (schedule mode,
// scheduler.ts) and completing the current issue (on_complete mode, here). docs/recurring.md.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecurrenceInput } from '@tracker/shared/api/recurrence';
import { fieldError } from '@tracker/shared/domain-errors';
import { checkRule, nextOccurrence, RuleTooCostly, utcMidnight } from '@tracker/shared/recurrence/rule';
import { publishEvent } from '../events/publish.ts';
import { createOccurrence } from './occurrence.ts';
import { advanceSeries, deleteRecurrence, lockedOnCompleteSeries, lockedRecurrence, touchIssue, upsertRecurrence } from './recurrence.repository.ts';

interface HeadIssue {
  id: number;
  projectId: number;
  dueDate: string | null;
  streamIds: number[];
}

/**
 * The first date of the series after both `now` and the head's own due date (the head is that date's
 * issue); throws RuleTooCostly when that date lies beyond the walk's budget.
 */
export function nextAfter(rule: string, dtstart: Date, dueDate: string | null, now: Date): Date | null {
  const today = utcMidnight(now);
  const due = dueDate ? utcMidnight(dueDate) : null;
  return nextOccurrence(rule, dtstart, due && due > today ? due : today);
}

/** `fn`'s date, or null when the rule is too costly to compute: a completion never fails on its series. */
function orNullWhenCostly(fn: () => Date | null): Date | null {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RuleTooCostly) return null;
    throw err;
  }
}

/**
 * Sets (or with null removes) the recurrence of an issue the caller may edit, inside the caller's
 * transaction. A rule without DTSTART starts at the issue's due date, or today (UTC). Returns
 * whether anything changed; a change bumps the issue's version, so readers see it.
 */
export async function setRecurrence(em: EntityManager, actorId: number, issue: HeadIssue, input: RecurrenceInput | null, now = new Date()): Promise<boolean> {
  const current = await lockedRecurrence(em, issue.id);
  if (input === null) {
    if (!current) return false;
    await deleteRecurrence(em, issue.id);
  } else {
    const checked = checkRule(input.rrule, utcMidnight(issue.dueDate ?? now), now);
    if ('problem' in checked) throw fieldError('recurrence.rrule', checked.problem);
    let next: Date | null;
    try {
      next = nextAfter(checked.rule, checked.dtstart, issue.dueDate, now);
    } catch (err) {
      if (err instanceof RuleTooCostly) throw fieldError('recurrence.rrule', 'recurrence.tooCostly');
      throw err;
    }
    if (!next) throw fieldError('recurrence.rrule', 'recurrence.never');
    if (current && current.rrule === checked.rule && current.mode === input.mode) return false;
    await upsertRecurrence(em, { issueId: issue.id, rrule: checked.rule, mode: input.mode, dtstart: checked.dtstart, nextAt: next, createdBy: actorId });
  }
  await touchIssue(em, issue.id);
  await publishEvent(em, { type: 'issue.updated', issueId: issue.id, projectId: issue.projectId, streamIds: issue.streamIds, actorId });
  return true;
}

/**
 * An issue moved into a completed status (from any path: the web app, the bot, bulk edits, the
 * board): when it heads an `on_complete` series, the next issue is created now, due at the rule's
 * first date after today and after this issue's due date, and the series moves to it. The
 * completed issue no longer heads the series, so reopening and completing it again creates nothing.
 */
export async function onIssueCompleted(em: EntityManager, issueId: number, now = new Date()): Promise<number | null> {
  const series = await lockedOnCompleteSeries(em, issueId);
  if (!series) return null;
  const occursAt = orNullWhenCostly(() => nextAfter(series.rrule, new Date(series.dtstart), series.due_date, now));
  if (!occursAt) return null;
  const id = await createOccurrence(em, series, occursAt);
  if (id === null) return null;
  const following = orNullWhenCostly(() => nextOccurrence(series.rrule, new Date(series.dtstart), occursAt));
  await advanceSeries(em, series.id, id, occursAt, following);
  return id;
}
