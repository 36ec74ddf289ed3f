// Global shortcuts (spec: `c` create, `/` search, `?` help, Ctrl/⌘+K palette). Pure decisions here,
// the listener in PaletteHost.
import { matchRoute } from '@tracker/shared/routes';

export type ShortcutAction = 'palette' | 'create' | 'search' | 'help' | null;

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  typing: boolean;
}

export function shortcutFor(e: KeyLike): ShortcutAction {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') return 'palette';
  if (e.typing || e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === 'c') return 'create';
  if (e.key === '/') return 'search';
  if (e.key === '?') return 'help';
  return null;
}

/**
 * The project being viewed (issue 15), for a new issue: the list's `?project=` filter, the project
 * page, or the project of the issue open; null otherwise (the dialog then starts on the last used).
 */
export function viewedProject(search: string, pathname = ''): string | null {
  return new URLSearchParams(search).get('project') ?? projectOfPath(pathname);
}

/** `/issues/create` for the project being viewed (the full page, for a signed-out visitor's sign-in first). */
export function createPath(base: string, search: string, pathname = ''): string {
  const project = viewedProject(search, pathname);
  return project ? `${base}?project=${encodeURIComponent(project)}` : base;
}

function projectOfPath(pathname: string): string | null {
  const match = pathname ? matchRoute(pathname) : null;
  if (!match) return null;
  if (match.route.name === 'project' || match.route.name.startsWith('projectEdit')) return match.params.id ?? null;
  if (match.route.name === 'issue' || match.route.name === 'issueEdit') return /^([A-Za-z]{2,10})-\d+$/.exec(match.params.id ?? '')?.[1]?.toUpperCase() ?? null;
  return null;
}

/** `web-12` → `WEB-12` when the text is an issue key. */
export function asIssueKey(text: string): string | null {
  const m = /^\s*([a-zA-Z]{2,10})-(\d{1,9})\s*$/.exec(text);
  return m ? `${m[1]!.toUpperCase()}-${m[2]}` : null;
}
