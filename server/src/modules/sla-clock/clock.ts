// Keeps issues' SLA clocks in step with what happens to them (docs/sla.md), in the writing
// transaction: the issue services call these after a write that can move a clock (a new issue, a
// status or priority change, a reply, a workflow change), and the SLA settings after they change.
// The rules are clock-state.ts's; this reads the facts and writes the clocks that changed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIORITIES } from '@tracker/shared/api/issues';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { deadlineAfter } from '@tracker/shared/sla';
import { nextClock, sameClock, type Clock, type Policy } from './clock-state.ts';
import { clockFacts, deleteClocks, issuesInStatus, saveClocks, type ClockFactsRow, type ClockRow, type SettingsRow } from './clock.repository.ts';

export interface SyncOptions {
  /** The time of the change (the scan's tests pass their own). */
  now?: Date;
  /** A new clock starts no earlier (an imported issue's starts at the import, whatever the file says of its creation). */
  startAt?: Date;
  /** The author of the comment just written: the first reply by someone other than the reporter answers the issue. */
  answeredBy?: number;
}

const date = (v: string | null): Date | null => (v == null ? null : new Date(v));

const toClock = (r: ClockRow): Clock => ({
  startedAt: new Date(r.started_at),
  respondBy: date(r.respond_by),
  resolveBy: date(r.resolve_by),
  respondedAt: date(r.responded_at),
  resolvedAt: date(r.resolved_at),
  pausedAt: date(r.paused_at),
  respondPausedMs: Number(r.respond_paused_ms),
  resolvePausedMs: Number(r.resolve_paused_ms),
  respondBreachedAt: date(r.respond_breached_at),
  resolveBreachedAt: date(r.resolve_breached_at),
});

const text = (d: Date | null) => d?.toISOString() ?? null;
const toRow = (issueId: number, c: Clock): ClockRow & { issue_id: number } => ({
  issue_id: issueId,
  started_at: c.startedAt.toISOString(),
  respond_by: text(c.respondBy),
  resolve_by: text(c.resolveBy),
  responded_at: text(c.respondedAt),
  resolved_at: text(c.resolvedAt),
  paused_at: text(c.pausedAt),
  respond_paused_ms: c.respondPausedMs,
  resolve_paused_ms: c.resolvePausedMs,
  respond_breached_at: text(c.respondBreachedAt),
  resolve_breached_at: text(c.resolveBreachedAt),
});

/** A stored settings row as the policy in force; null while SLAs are off. */
export function policyOf(s: SettingsRow | null): Policy | null {
  if (!s?.enabled || !s.enabled_at) return null;
  return {
    enabledAt: new Date(s.enabled_at),
    settings: { enabled: true, timeZone: s.time_zone, businessDays: s.business_days, workingDays: s.working_days, targets: s.targets },
  };
}

/**
 * Brings these issues' clocks in line with their state as of `now`: a clock starts, moves, pauses,
 * resumes, stops or goes (SLAs off). Three statements whatever the number of issues, so turning SLAs
 * on for a project of 100,000 issues is one pass.
 */
export async function syncIssueClocks(em: EntityManager, issueIds: readonly number[], options: SyncOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const facts = await clockFacts(em, issueIds);
  const policies = new Map<string, Policy | null>();
  const policy = (r: ClockFactsRow) => {
    const key = JSON.stringify(r.settings);
    if (!policies.has(key)) policies.set(key, policyOf(r.settings));
    return policies.get(key)!;
  };
  // Issues whose clocks start together (all those open when SLAs are turned on) share deadlines.
  const deadlines = new Map<string, Date | null>();
  const deadline: typeof deadlineAfter = (start, hours, pausedMs, cal) => {
    const key = `${start.getTime()}:${hours}:${pausedMs}:${JSON.stringify(cal)}`;
    if (!deadlines.has(key)) deadlines.set(key, deadlineAfter(start, hours, pausedMs, cal));
    return deadlines.get(key)!;
  };
  const save: (ClockRow & { issue_id: number })[] = [];
  const gone: number[] = [];
  for (const r of facts) {
    const prev = r.clock ? toClock(r.clock) : null;
    const issue = {
      createdAt: new Date(r.created_at),
      completedAt: date(r.completed_at),
      priority: PRIORITIES[r.priority] ?? 'none',
      category: r.category as StatusCategory,
      waiting: r.waiting,
      firstReplyAt: date(r.first_reply_at),
    };
    const answered = options.answeredBy !== undefined && options.answeredBy !== r.reporter_id;
    const next = nextClock(prev, issue, policy(r), now, { startAt: options.startAt, answered }, deadline);
    if (sameClock(prev, next)) continue;
    if (next) save.push(toRow(r.id, next));
    else gone.push(r.id);
  }
  await saveClocks(em, save);
  await deleteClocks(em, gone);
}

/** A comment: the first one by someone other than the reporter answers the issue. */
export async function commentAdded(em: EntityManager, issueId: number, authorId: number): Promise<void> {
  await syncIssueClocks(em, [issueId], { answeredBy: authorId });
}

/** A status's waiting mark or category changed: the clocks of its issues follow. */
export async function statusChanged(em: EntityManager, statusId: number): Promise<void> {
  await syncIssueClocks(em, await issuesInStatus(em, statusId));
}
