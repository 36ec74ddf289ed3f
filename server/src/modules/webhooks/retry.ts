// When a failed delivery is tried again (docs/webhooks.md, "Retries"): 1, 2, 4 … 512 minutes after
// each failed attempt (10 retries, about 17 hours in all), then one last attempt 24 hours after the
// delivery was created. Never sooner than a minute: a failing receiver is not hammered.
export const RETRY_BASE_MS = 60_000;
export const BACKOFF_RETRIES = 10;
export const RETRY_SPAN_MS = 24 * 60 * 60 * 1000;
/** The first attempt, the backed-off retries and the last one at 24 h. */
export const MAX_ATTEMPTS = BACKOFF_RETRIES + 2;

/** When to try again after `attempts` failed attempts; null when the delivery has failed for good. */
export function nextRetryAt(attempts: number, createdAt: Date, now: Date): Date | null {
  if (attempts < 1 || attempts >= MAX_ATTEMPTS) return null;
  if (attempts <= BACKOFF_RETRIES) return new Date(now.getTime() + RETRY_BASE_MS * 2 ** (attempts - 1));
  const last = createdAt.getTime() + RETRY_SPAN_MS;
  return new Date(Math.max(last, now.getTime() + RETRY_BASE_MS));
}
