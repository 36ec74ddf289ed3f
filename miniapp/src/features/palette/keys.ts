// Global shortcuts (spec: `c` create, `/` search, `?` help, Ctrl/⌘+K palette). Pure decisions here,
// the listener in PaletteHost.

export type ShortcutAction = 'palette' | 'create' | 'search' | 'help' | null;

/** Shortcuts are ignored while the user types into a field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((target as HTMLInputElement).type);
}

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

/** `/issues/create`, keeping the project filter of the page the user is on. */
export function createPath(base: string, search: string): string {
  const project = new URLSearchParams(search).get('project');
  return project ? `${base}?project=${encodeURIComponent(project)}` : base;
}

/** `web-12` → `WEB-12` when the text is an issue key. */
export function asIssueKey(text: string): string | null {
  const m = /^\s*([a-zA-Z]{2,10})-(\d{1,9})\s*$/.exec(text);
  return m ? `${m[1]!.toUpperCase()}-${m[2]}` : null;
}
