// Where Telegram's BackButton goes "up" from a page opened directly (deep link, reload), with no
// in-app page behind it, and which pages are top level (no BackButton at all).
import { buildPath, matchRoute, splitLocale, type RouteName } from '@tracker/shared/routes';

/** The start page and the tab bar's roots. */
const TOP_LEVEL: ReadonlySet<string> = new Set<RouteName>(['home', 'issues', 'projects', 'calendar', 'profile']);

/** Parents the address alone does not give (the path's prefix is not the page's parent). */
const PARENT: Partial<Record<RouteName, RouteName>> = { me: 'home', user: 'home', changePassword: 'profile', streams: 'home', blog: 'home', admin: 'profile' };

export function isTopLevel(pathname: string): boolean {
  const match = matchRoute(pathname);
  return !!match && TOP_LEVEL.has(match.route.name);
}

/**
 * The page above `pathname` (same language): an edit page's record, a record's list, a section's
 * index — the nearest route found by dropping trailing segments — else the start page (My work).
 * Null for a top-level page.
 */
export function parentPath(pathname: string): string | null {
  const match = matchRoute(pathname);
  if (match && TOP_LEVEL.has(match.route.name)) return null;
  const { locale, barePath } = splitLocale(pathname);
  const named = match ? (match.route.parent ?? PARENT[match.route.name as RouteName]) : undefined;
  if (named) return buildPath(named as RouteName, match!.params, locale);
  const parts = barePath.split('/').filter(Boolean);
  while (parts.length > 1) {
    parts.pop();
    const up = matchRoute(`/${parts.join('/')}`);
    if (up && !up.route.segments.some((s) => s.startsWith(':'))) return buildPath(up.route.name as RouteName, {}, locale);
  }
  return buildPath('home', {}, locale);
}
