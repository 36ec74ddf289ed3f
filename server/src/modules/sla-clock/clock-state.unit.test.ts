import { defaultSlaSettings } from '@tracker/shared/api/sla';
import { HOUR_MS } from '@tracker/shared/sla';
import { describe, expect, it } from 'vitest';
import { nextClock, sameClock, type Clock, type IssueFacts, type Policy } from './clock-state.ts';

const t0 = new Date('2026-12-07T09:00:00Z'); // Monday 12:00 in Moscow
const h = (n: number) => new Date(t0.getTime() + n * HOUR_MS);
const policy: Policy = { enabledAt: new Date('2026-12-01T00:00:00Z'), settings: { ...defaultSlaSettings('Europe/Moscow'), enabled: true } };
const business: Policy = { ...policy, settings: { ...policy.settings, businessDays: true } };
const urgent: IssueFacts = { createdAt: t0, completedAt: null, priority: 'urgent', category: 'unstarted', waiting: false, firstReplyAt: null };
const start = (p = policy, issue = urgent) => nextClock(null, issue, p, issue.createdAt)!;
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('an SLA clock', () => {
  it('starts with the issue, with its priority\'s targets', () => {
    const c = start();
    expect(iso(c.startedAt)).toBe(iso(t0));
    expect([iso(c.respondBy), iso(c.resolveBy)]).toEqual([iso(h(24)), iso(h(24))]);
    expect(nextClock(null, { ...urgent, priority: 'low' }, policy, t0)).toMatchObject({ respondBy: null, resolveBy: null });
    expect(nextClock(null, urgent, null, t0)).toBeNull();
  });

  it('starts an issue open before SLAs were on when they were turned on, not at its creation', () => {
    const c = nextClock(null, { ...urgent, createdAt: new Date('2026-01-01T00:00:00Z') }, { ...policy, enabledAt: t0 }, t0)!;
    expect(iso(c.respondBy)).toBe(iso(h(24)));
    expect(c.respondBreachedAt).toBeNull();
  });

  it('counts a move to work as the first response, and a reply when the caller says so', () => {
    const c = start();
    expect(nextClock(c, { ...urgent, category: 'started' }, policy, h(2))!.respondedAt).toEqual(h(2));
    expect(nextClock(c, urgent, policy, h(3), { answered: true })!.respondedAt).toEqual(h(3));
    expect(nextClock(c, urgent, policy, h(3))!.respondedAt).toBeNull();
  });

  it('pauses in a waiting status and moves the deadlines on by the wait', () => {
    const paused = nextClock(start(), { ...urgent, waiting: true }, policy, h(2))!;
    expect(paused.pausedAt).toEqual(h(2));
    const resumed = nextClock(paused, urgent, policy, h(7))!;
    expect(resumed.pausedAt).toBeNull();
    expect([iso(resumed.respondBy), iso(resumed.resolveBy)]).toEqual([iso(h(29)), iso(h(29))]);
  });

  it('counts a wait in working time: a weekend spent waiting moves nothing', () => {
    // Friday 2026-12-11 12:00 Moscow; waits from Friday 23:00 to Monday 00:00 Moscow, an hour of it on a working day.
    const friday = new Date('2026-12-11T09:00:00Z');
    const c = start(business, { ...urgent, createdAt: friday });
    expect(iso(c.respondBy)).toBe('2026-12-14T09:00:00.000Z');
    const paused = nextClock(c, { ...urgent, createdAt: friday, waiting: true }, business, new Date('2026-12-11T20:00:00Z'))!;
    const resumed = nextClock(paused, { ...urgent, createdAt: friday }, business, new Date('2026-12-13T21:00:00Z'))!;
    expect(iso(resumed.respondBy)).toBe('2026-12-14T10:00:00.000Z');
  });

  it('does not count a wait before a reply as response time', () => {
    const paused = nextClock(start(), { ...urgent, waiting: true }, policy, h(10))!;
    // The reply comes 30 h into the wait: the response clock had shown 10 h when the wait began.
    const replied = nextClock(paused, { ...urgent, waiting: true }, policy, h(40), { answered: true })!;
    expect(replied.respondedAt).toEqual(h(40));
    expect(replied.respondBreachedAt).toBeNull();
    const resumed = nextClock(replied, urgent, policy, h(50))!;
    expect(iso(resumed.respondBy)).toBe(iso(h(54)));
    expect(iso(resumed.resolveBy)).toBe(iso(h(64)));
  });

  it('leaves a running clock past its deadline to the scan, and marks one that stopped late', () => {
    const c = start();
    expect(nextClock(c, urgent, policy, h(25))!.respondBreachedAt).toBeNull();
    const late = nextClock(c, { ...urgent, category: 'started' }, policy, h(25))!;
    expect(late.respondBreachedAt).toEqual(h(25));
    expect(late.resolveBreachedAt).toBeNull();
  });

  it('clears a mark when the deadline moves past the clock (a lower priority)', () => {
    const marked: Clock = { ...start(), respondBreachedAt: h(25), resolveBreachedAt: h(25) };
    const high = nextClock(marked, { ...urgent, priority: 'high' }, policy, h(26))!;
    expect([high.respondBreachedAt, high.resolveBreachedAt]).toEqual([null, null]);
    expect(iso(high.resolveBy)).toBe(iso(h(168)));
    expect(nextClock(marked, urgent, policy, h(26))!.respondBreachedAt).toEqual(h(25));
  });

  it('stops the resolution clock at completion and tells equal clocks apart from changed ones', () => {
    const c = start();
    const done = nextClock(c, { ...urgent, category: 'completed', completedAt: h(5) }, policy, h(5))!;
    expect(done).toMatchObject({ resolvedAt: h(5), respondedAt: h(5), resolveBreachedAt: null });
    expect(sameClock(c, nextClock(c, urgent, policy, h(1)))).toBe(true);
    expect(sameClock(c, done)).toBe(false);
  });
});
