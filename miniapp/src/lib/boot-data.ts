// Issue 14: the server writes each page's boot data (session user, public config, redirect decision
// for that path) into it as inline JSON. A shell without it (the service worker's offline copy, the
// Vite dev server) reads null, and the app asks the API instead.
import type { BootData } from '@tracker/shared/api/boot';
import { BOOT_DATA_ID } from '@tracker/shared/boot';

export function parseBootData(raw: string | null | undefined): BootData | null {
  if (!raw) return null;
  let value: Partial<BootData> | null;
  try {
    value = JSON.parse(raw) as Partial<BootData> | null;
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || typeof value.path !== 'string') return null;
  const user = value.user && typeof value.user === 'object' && typeof value.user.id === 'number' ? value.user : null;
  const redirect = value.redirect && typeof value.redirect === 'object' && 'to' in value.redirect ? value.redirect : null;
  if (!redirect) return null;
  return { path: value.path, user, config: value.config as BootData['config'], redirect };
}

export function readBootData(doc: Document = document): BootData | null {
  return parseBootData(doc.getElementById(BOOT_DATA_ID)?.textContent);
}

/** This page's boot data, read once at start. */
export const bootData: BootData | null = typeof document === 'undefined' ? null : readBootData();

/** The nonce the page's CSP lets inline elements through with (none in a shell without boot data). */
export function pageNonce(doc: Document = document): string | undefined {
  return doc.getElementById(BOOT_DATA_ID)?.nonce || undefined;
}
