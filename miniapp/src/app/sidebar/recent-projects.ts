// The projects a user opened last, most recent first, so the sidebar lists them on top.
import { matchRoute } from '@tracker/shared/routes';

const KEY = 'tracker.recentProjects';
export const RECENT_MAX = 5;

export function readRecent(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** The project key a path is about: a project page (`/projects/WEB`) or an issue (`/issues/WEB-12`). */
export function projectKeyOf(pathname: string): string | null {
  const match = matchRoute(pathname);
  const id = match?.params.id;
  if (!match || !id) return null;
  if (match.route.name === 'project') return /^[A-Za-z]{2,10}$/.test(id) ? id.toUpperCase() : null;
  if (match.route.name === 'issue') return /^([A-Za-z]{2,10})-\d+$/.exec(id)?.[1]?.toUpperCase() ?? null;
  return null;
}

export function pushRecent(list: readonly string[], key: string): string[] {
  return [key, ...list.filter((k) => k !== key)].slice(0, RECENT_MAX);
}

export function rememberRecent(key: string): string[] {
  const next = pushRecent(readRecent(), key);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // private mode: not remembered
  }
  return next;
}

/** Recent ones first (most recent on top), then the rest in their given order. */
export function orderByRecent<T extends { key: string }>(projects: readonly T[], recent: readonly string[]): T[] {
  const rank = (p: T) => {
    const i = recent.indexOf(p.key);
    return i < 0 ? recent.length : i;
  };
  return projects.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i).map((x) => x.p);
}
