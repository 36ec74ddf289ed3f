import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToaster, pushToast, swipeCloses, type Toast } from './toasts.ts';

const t = (id: number, open = true): Toast => ({ id, title: `t${id}`, color: 'neutral', duration: 5000, open });

describe('toast queue (pure)', () => {
  it('closes the oldest open toast when a sixth arrives', () => {
    const five = [1, 2, 3, 4, 5].map((id) => t(id));
    const { list, closed } = pushToast(five, t(6));
    expect(closed).toEqual([1]);
    expect(list.filter((x) => x.open).map((x) => x.id)).toEqual([2, 3, 4, 5, 6]);
  });

  it('ignores already closed toasts when counting', () => {
    const list = [t(1, false), ...[2, 3, 4, 5].map((id) => t(id))];
    expect(pushToast(list, t(6)).closed).toEqual([]);
  });

  it('swipe right past 50 px closes', () => {
    expect(swipeCloses(51)).toBe(true);
    expect(swipeCloses(50)).toBe(false);
    expect(swipeCloses(-200)).toBe(false);
  });
});

describe('toaster', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('auto-closes after 5000 ms and removes 200 ms later', () => {
    const toaster = createToaster();
    const id = toaster.add({ title: 'Saved' });
    vi.advanceTimersByTime(4999);
    expect(toaster.state.toasts[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toaster.state.toasts[0]?.open).toBe(false);
    vi.advanceTimersByTime(199);
    expect(toaster.state.toasts.map((x) => x.id)).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(toaster.state.toasts).toEqual([]);
  });

  it('keeps at most five open', () => {
    const toaster = createToaster();
    for (let i = 0; i < 7; i++) toaster.add({ title: `n${i}` });
    expect(toaster.state.toasts.filter((x) => x.open)).toHaveLength(5);
    vi.advanceTimersByTime(200);
    expect(toaster.state.toasts).toHaveLength(5);
  });

  it('pauses while hovered and honours duration 0', () => {
    const toaster = createToaster();
    const id = toaster.add({ title: 'a' });
    const sticky = toaster.add({ title: 'b', duration: 0 });
    toaster.pause(id);
    vi.advanceTimersByTime(10_000);
    expect(toaster.state.toasts.every((x) => x.open)).toBe(true);
    toaster.resume(id);
    vi.advanceTimersByTime(5200);
    expect(toaster.state.toasts.map((x) => x.id)).toEqual([sticky]);
    toaster.close(sticky);
    vi.advanceTimersByTime(200);
    expect(toaster.state.toasts).toEqual([]);
  });
});
