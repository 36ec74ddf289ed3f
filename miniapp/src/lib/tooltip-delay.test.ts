import { describe, expect, it } from 'vitest';
import { createTooltipDelay } from './tooltip-delay.ts';

describe('tooltip delay', () => {
  it('waits 700 ms normally and skips the delay within 300 ms of a close', () => {
    let clock = 1000;
    const d = createTooltipDelay(() => clock);
    expect(d.openDelay()).toBe(700);
    d.closed();
    clock += 299;
    expect(d.openDelay()).toBe(0);
    clock += 1;
    expect(d.openDelay()).toBe(700);
  });
});
