// An issue's SLA as the web app's lists and the bot's cards show it, and as lists filter it
// (docs/sla.md): which deadline comes next, and whether the issue is at risk, as the server's
// `sla=at-risk` decides (issue-filters.repository.ts).
import type { IssueSla } from './api/sla.ts';
import { SLA_AT_RISK_HOURS } from './limits.ts';

const HOUR = 3_600_000;

export type SlaState = { kind: 'breached' } | { kind: 'paused' } | { kind: 'due'; at: number; atRisk: boolean };

/** The deadline that comes next: the response's while it is awaited, else the resolution's. */
export function nextDeadline(sla: IssueSla): number | null {
  const times = [sla.resolveBy, sla.respondedAt ? null : sla.respondBy].flatMap((t) => (t ? [Date.parse(t)] : []));
  return times.length ? Math.min(...times) : null;
}

/** What an open issue's SLA says now; null for a closed issue or one without a deadline. */
export function slaState(issue: { sla: IssueSla | null; completedAt: string | null }, now: number): SlaState | null {
  const { sla } = issue;
  if (!sla || issue.completedAt) return null;
  if (sla.breached) return { kind: 'breached' };
  if (sla.paused) return { kind: 'paused' };
  const at = nextDeadline(sla);
  if (at === null) return null;
  // Past it, not yet marked (the scan marks within a minute): shown as missed already.
  if (at <= now) return { kind: 'breached' };
  return { kind: 'due', at, atRisk: at < now + SLA_AT_RISK_HOURS * HOUR };
}

/** The list filter `sla=at-risk`: open, and a deadline missed or due within a day (a paused clock is not running out). */
export function slaAtRisk(issue: { sla: IssueSla | null; completedAt: string | null }, now: number): boolean {
  if (!issue.sla || issue.completedAt) return false;
  if (issue.sla.breached) return true;
  if (issue.sla.paused) return false;
  const at = nextDeadline(issue.sla);
  return at !== null && at < now + SLA_AT_RISK_HOURS * HOUR;
}

/** How long until `at`, in the unit a badge says it: minutes under an hour, hours under two days, then days. */
export function timeLeft(at: number, now: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const ms = Math.max(at - now, 0);
  if (ms < HOUR) return { unit: 'minutes', count: Math.max(1, Math.ceil(ms / 60_000)) };
  if (ms < 48 * HOUR) return { unit: 'hours', count: Math.floor(ms / HOUR) };
  return { unit: 'days', count: Math.floor(ms / (24 * HOUR)) };
}
