import type { RedirectResponse } from '@tracker/shared/api/navigation';
import { proxy } from 'valtio';
import { bootData } from '../lib/boot-data.ts';

/** First-load gates: pages wait for the session and the first redirect check. */
export const boot = proxy({ redirectChecked: false });

let inline = bootData ? { path: bootData.path, redirect: bootData.redirect } : null;

/**
 * The redirect decision the page was served with (issue 14), while the app is still on the path it
 * was served for: the first check needs no round trip. Forgotten once the app leaves that path.
 */
export function inlineRedirect(location: string): RedirectResponse | null {
  if (inline && inline.path !== location) inline = null;
  return inline?.redirect ?? null;
}

/** Opens the gate before the first render when the page says its path leads nowhere else. */
export function settleFirstRedirect(location: string) {
  if (inlineRedirect(location)?.to === null) boot.redirectChecked = true;
}
