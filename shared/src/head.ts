// Page head rules of spec §2: title fallback and canonical link.
import { CANONICAL_QUERY_WHITELIST } from './limits.ts';

/** `/issues/create` → `Create`; `/admin/custom-fields` → `Custom Fields`; `/` → ``. */
export function fallbackTitle(pathname: string): string {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  let segment = last;
  try {
    segment = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  return segment
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Title for error pages: `404 · Page Not Found`. */
export function errorTitle(statusCode: number, message: string): string {
  return `${statusCode} · ${message}`;
}

/** Keeps only whitelisted query parameters, sorted by name then value; lower-cases the path. */
export function canonicalUrl(origin: string, pathname: string, search: string, whitelist: readonly string[] = CANONICAL_QUERY_WHITELIST): string {
  const params = new URLSearchParams(search);
  const kept = [...params.entries()]
    .filter(([key]) => whitelist.includes(key))
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const query = new URLSearchParams(kept).toString();
  const path = pathname.toLowerCase();
  return `${origin.replace(/\/$/, '')}${path}${query ? `?${query}` : ''}`;
}
