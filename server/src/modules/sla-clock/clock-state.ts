// One issue's SLA clocks as its state decides them (docs/sla.md): pure, so the rules read in one
// place; clock.ts reads the facts and writes what this answers.
import type { Priority } from '@tracker/shared/api/issues';
import type { StatusCategory } from '@tracker/shared/api/projects';
import type { SlaSettings } from '@tracker/shared/api/sla';
import { deadlineAfter, workingTimeBetween, type WorkCalendar } from '@tracker/shared/sla';

export interface Clock {
  startedAt: Date;
  respondBy: Date | null;
  resolveBy: Date | null;
  respondedAt: Date | null;
  resolvedAt: Date | null;
  pausedAt: Date | null;
  /** Pause time each deadline already moved by (working time of the calendar then in force). */
  respondPausedMs: number;
  resolvePausedMs: number;
  respondBreachedAt: Date | null;
  resolveBreachedAt: Date | null;
}

export interface IssueFacts {
  createdAt: Date;
  completedAt: Date | null;
  priority: Priority;
  category: StatusCategory;
  /** In a status marked waiting. */
  waiting: boolean;
  /** The first comment by someone other than the reporter (read for a clock that starts late only). */
  firstReplyAt: Date | null;
}

/** The project's SLA while it is on: its settings and when they were turned on. */
export interface Policy {
  settings: SlaSettings;
  enabledAt: Date;
}

/** The first response: a move to work (or straight to done) counts as much as a reply. */
const ANSWERING: readonly StatusCategory[] = ['started', 'completed'];

export const calendarOf = (s: SlaSettings): WorkCalendar => ({ timeZone: s.timeZone, businessDays: s.businessDays, workingDays: s.workingDays });

const later = (a: Date, b: Date) => (a > b ? a : b);

/** A clock that starts now for an issue that had none: not before SLAs were on, or before `startAt`. */
function freshClock(issue: IssueFacts, policy: Policy, startAt: Date | undefined): Clock {
  const startedAt = later(later(issue.createdAt, policy.enabledAt), startAt ?? issue.createdAt);
  return {
    startedAt,
    respondBy: null,
    resolveBy: null,
    respondedAt: issue.firstReplyAt ?? (ANSWERING.includes(issue.category) ? startedAt : null),
    resolvedAt: null,
    pausedAt: null,
    respondPausedMs: 0,
    resolvePausedMs: 0,
    respondBreachedAt: null,
    resolveBreachedAt: null,
  };
}

/**
 * A deadline's mark: kept while the deadline stays missed, cleared when it moved past the time the
 * clock shows (a lower priority, a longer target), and set at once for a clock that stopped after
 * its deadline (answered, resolved or paused) between two scans. A running clock past its deadline
 * is left to the scan, which marks it and tells people.
 */
function mark(by: Date | null, doneAt: Date | null, c: Clock, marked: Date | null, now: Date): Date | null {
  if (!by) return null;
  const shows = doneAt ?? c.pausedAt ?? now;
  if (shows <= by) return null;
  return marked ?? (doneAt || c.pausedAt ? now : null);
}

export interface ClockChange {
  /** A new clock starts no earlier (an imported issue's starts at the import, whatever the file says of its creation). */
  startAt?: Date;
  /** Someone other than the reporter replied just now. */
  answered?: boolean;
}

/** The issue's clocks after a change, as of `now`; null when it has none (SLAs off). `prev` is the stored clock. */
export function nextClock(prev: Clock | null, issue: IssueFacts, policy: Policy | null, now: Date, change: ClockChange = {}, deadline = deadlineAfter): Clock | null {
  if (!policy) return null;
  const cal = calendarOf(policy.settings);
  const c: Clock = prev ? { ...prev } : freshClock(issue, policy, change.startAt);
  c.resolvedAt = issue.completedAt;
  if (!c.respondedAt && (change.answered || ANSWERING.includes(issue.category))) {
    c.respondedAt = now;
    // A reply during a wait: the wait before it was no response time either.
    if (c.pausedAt) c.respondPausedMs += workingTimeBetween(c.pausedAt, now, cal);
  }

  const waiting = issue.waiting && !issue.completedAt;
  if (waiting && !c.pausedAt) c.pausedAt = now;
  if (!waiting && c.pausedAt) {
    const paused = workingTimeBetween(c.pausedAt, now, cal);
    c.resolvePausedMs += paused;
    if (!c.respondedAt) c.respondPausedMs += paused;
    c.pausedAt = null;
  }

  const target = policy.settings.targets[issue.priority];
  c.respondBy = deadline(c.startedAt, target.respondHours, c.respondPausedMs, cal);
  c.resolveBy = deadline(c.startedAt, target.resolveHours, c.resolvePausedMs, cal);
  c.respondBreachedAt = mark(c.respondBy, c.respondedAt, c, c.respondBreachedAt, now);
  c.resolveBreachedAt = mark(c.resolveBy, c.resolvedAt, c, c.resolveBreachedAt, now);
  return c;
}

const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether two clocks store the same (a write that changes nothing would still log the issue to every client). */
export function sameClock(a: Clock | null, b: Clock | null): boolean {
  if (!a || !b) return a === b;
  return (
    same(a.startedAt, b.startedAt) &&
    same(a.respondBy, b.respondBy) &&
    same(a.resolveBy, b.resolveBy) &&
    same(a.respondedAt, b.respondedAt) &&
    same(a.resolvedAt, b.resolvedAt) &&
    same(a.pausedAt, b.pausedAt) &&
    a.respondPausedMs === b.respondPausedMs &&
    a.resolvePausedMs === b.resolvePausedMs &&
    same(a.respondBreachedAt, b.respondBreachedAt) &&
    same(a.resolveBreachedAt, b.resolveBreachedAt)
  );
}
