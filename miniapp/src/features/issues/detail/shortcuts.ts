// The issue page's one-key shortcuts (issue 15): s status, a assignee, p priority, l labels,
// d due date, e the title edited in place, m move (the edit page, where the project is chosen).
// They reach the page's own controls, so a shortcut and a click do the same thing.
import { useEffect } from 'react';
import { isPageKey } from '../../../lib/page-keys.ts';

export type IssueShortcut = 'status' | 'assignee' | 'priority' | 'labels' | 'due' | 'edit' | 'move';

const KEYS: Record<string, IssueShortcut> = { s: 'status', a: 'assignee', p: 'priority', l: 'labels', d: 'due', e: 'edit', m: 'move' };

const TARGET: Partial<Record<IssueShortcut, string>> = {
  status: '[data-testid="issue-status"]',
  priority: '[data-testid="issue-priority"]',
  assignee: '[data-testid="issue-assignee"]',
  labels: '[data-testid="issue-labels"]',
  due: '[data-testid="issue-due"]',
  edit: '[data-testid="issue-title-edit"]',
};

export function issueShortcutFor(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): IssueShortcut | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return null;
  return KEYS[e.key] ?? null;
}

/** Opens what a shortcut names: a control gets focus (and opens where the browser lets it), move goes to the edit page. */
export function useIssueShortcuts(enabled: boolean, openEdit: () => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isPageKey(e)) return;
      const action = issueShortcutFor(e);
      if (!action) return;
      e.preventDefault();
      if (action === 'move') return openEdit();
      const el = document.querySelector<HTMLElement>(TARGET[action]!);
      if (!el || (el as HTMLInputElement).disabled) return;
      el.focus();
      // The pickers are buttons: a click opens them with their search box focused.
      if (el instanceof HTMLButtonElement) el.click();
      else if (el instanceof HTMLInputElement && el.type === 'date') {
        try {
          el.showPicker();
        } catch {
          // no user activation or not supported: focus is enough, arrows and typing work
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, openEdit]);
}
