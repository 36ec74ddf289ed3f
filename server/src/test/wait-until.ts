// The one way tests (and test setups) wait: for a condition, polled, with a deadline that fails loudly
// naming what was awaited. Never a fixed delay.
import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitOptions {
  timeout?: number;
  interval?: number;
  /** Extra state for the failure message. */
  state?: () => unknown;
}

/** Polls `check` until it returns a truthy value, and returns that value. */
export async function waitUntil<T>(what: string, check: () => T | Promise<T>, { timeout = 20_000, interval = 50, state }: WaitOptions = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${state ? ` ${JSON.stringify(state())}` : ''}`);
    await sleep(interval);
  }
}
