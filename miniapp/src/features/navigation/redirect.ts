// The global navigation step (spec §2): the server may send a path elsewhere. External targets
// leave the app with a full-page load, but only to hosts the public config allows (spec §8).
import type { RedirectResponse } from '@tracker/shared/api/navigation';

export type RedirectDecision =
  | { kind: 'none' }
  | { kind: 'internal'; to: string }
  | { kind: 'external'; url: string }
  | { kind: 'blocked'; url: string };

export function hostAllowed(url: string, allowedHosts: readonly string[]): boolean {
  try {
    const parsed = new URL(url.startsWith('//') ? `https:${url}` : url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
    return allowedHosts.map((h) => h.toLowerCase()).includes(parsed.hostname.toLowerCase());
  } catch {
    return false;
  }
}

export function decideRedirect(res: RedirectResponse, current: string, origin: string, allowedHosts: readonly string[]): RedirectDecision {
  if (res.to === null || res.to === '') return { kind: 'none' };
  if (res.external || /^[a-z][a-z0-9+.-]*:/i.test(res.to) || res.to.startsWith('//')) {
    let sameOrigin: URL | null = null;
    try {
      const url = new URL(res.to, origin);
      if (url.origin === origin) sameOrigin = url;
    } catch {
      return { kind: 'blocked', url: res.to };
    }
    if (sameOrigin) return internal(sameOrigin.pathname + sameOrigin.search + sameOrigin.hash, current);
    return hostAllowed(res.to, allowedHosts) ? { kind: 'external', url: res.to } : { kind: 'blocked', url: res.to };
  }
  if (!res.to.startsWith('/')) return { kind: 'blocked', url: res.to };
  return internal(res.to, current);
}

function internal(to: string, current: string): RedirectDecision {
  return to === current ? { kind: 'none' } : { kind: 'internal', to };
}
