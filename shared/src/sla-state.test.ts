import type { IssueSla } from './api/sla.ts';
import { describe, expect, it } from 'vitest';
import { nextDeadline, slaAtRisk, slaState, timeLeft } from './sla-state.ts';

const now = Date.parse('2026-12-10T12:00:00Z');
const sla = (extra: Partial<IssueSla> = {}): IssueSla => ({ respondBy: '2026-12-10T15:00:00Z', resolveBy: '2026-12-12T12:00:00Z', respondedAt: null, breached: false, paused: false, ...extra });
const open = (s: IssueSla | null) => ({ sla: s, completedAt: null });

describe('an issue\'s SLA in a list', () => {
  it('takes the response deadline while it is awaited, then the resolution\'s', () => {
    expect(nextDeadline(sla())).toBe(Date.parse('2026-12-10T15:00:00Z'));
    expect(nextDeadline(sla({ respondedAt: '2026-12-10T13:00:00Z' }))).toBe(Date.parse('2026-12-12T12:00:00Z'));
    expect(nextDeadline(sla({ respondBy: null, resolveBy: null }))).toBeNull();
  });

  it('is at risk within a day or once missed, not while paused or closed', () => {
    expect(slaAtRisk(open(sla()), now)).toBe(true);
    expect(slaAtRisk(open(sla({ respondedAt: '2026-12-10T13:00:00Z' })), now)).toBe(false);
    expect(slaAtRisk(open(sla({ paused: true })), now)).toBe(false);
    expect(slaAtRisk(open(sla({ paused: true, breached: true })), now)).toBe(true);
    expect(slaAtRisk({ sla: sla({ breached: true }), completedAt: '2026-12-10T11:00:00Z' }, now)).toBe(false);
    expect(slaAtRisk(open(null), now)).toBe(false);
  });

  it('says what a badge shows', () => {
    expect(slaState(open(sla()), now)).toEqual({ kind: 'due', at: Date.parse('2026-12-10T15:00:00Z'), atRisk: true });
    expect(slaState(open(sla({ breached: true })), now)).toEqual({ kind: 'breached' });
    expect(slaState(open(sla({ paused: true })), now)).toEqual({ kind: 'paused' });
    expect(slaState(open(sla()), Date.parse('2026-12-10T15:00:01Z'))).toEqual({ kind: 'breached' });
    expect(timeLeft(now + 3.5 * 3_600_000, now)).toEqual({ unit: 'hours', count: 3 });
    expect(timeLeft(now + 59 * 60_000 + 1, now)).toEqual({ unit: 'minutes', count: 60 });
    expect(timeLeft(now + 5 * 86_400_000, now)).toEqual({ unit: 'days', count: 5 });
  });
});
