import { describe, expect, it } from 'vitest';
import { waitUntil } from './wait-until.ts';

describe('waitUntil', () => {
  it('returns the first truthy value of the condition', async () => {
    let n = 0;
    expect(await waitUntil('n to reach 3', () => (++n >= 3 ? n : 0), { interval: 1 })).toBe(3);
  });

  it('fails at the deadline, naming what it waited for and the state', async () => {
    await expect(waitUntil('never', () => false, { timeout: 20, interval: 5, state: () => ({ seen: 0 }) })).rejects.toThrow('timed out waiting for never {"seen":0}');
  });
});
