// Spec §9: after the contact request, ask the server whether the bot confirmed the phone — first
// after 50 ms, each wait 50 ms longer than the last, giving up once 5000 ms have passed.
import { CONTACT_POLL } from '@tracker/shared/limits';

export interface PollOptions {
  startMs: number;
  stepMs: number;
  timeoutMs: number;
  sleep(ms: number): Promise<void>;
}

/** The waits before each check: 50, 100, 150, … while their sum stays within the timeout. */
export function pollDelays(options: Pick<PollOptions, 'startMs' | 'stepMs' | 'timeoutMs'> = CONTACT_POLL): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let delay = options.startMs; total + delay <= options.timeoutMs; delay += options.stepMs) {
    delays.push(delay);
    total += delay;
  }
  return delays;
}

/** Resolves with the first truthy check result, or null after the timeout. A failed check counts as "not yet". */
export async function pollUntil<T>(check: () => Promise<T | null>, options: PollOptions = { ...CONTACT_POLL, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) }): Promise<T | null> {
  for (const delay of pollDelays(options)) {
    await options.sleep(delay);
    const result = await check().catch(() => null);
    if (result) return result;
  }
  return null;
}
