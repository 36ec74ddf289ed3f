// The create-issue dialog's switch (issue 15): the `c` shortcut and the New buttons of any screen
// open it over the page; app/ mounts the dialog once. The project asked for is a key or an id, as
// in `/issues/create?project=`.
import { proxy } from 'valtio';

export const createIssueDialog = proxy({
  open: false,
  project: null as string | null,
});

export function openCreateIssue({ project }: { project?: string | number | null } = {}) {
  createIssueDialog.project = project == null || project === '' ? null : String(project);
  createIssueDialog.open = true;
}

export function closeCreateIssue() {
  createIssueDialog.open = false;
}

interface ClickLike {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
}

/**
 * A New link's click handler: a plain left click opens the dialog; a middle click, a modified
 * click (new tab or window) or "open in new tab" follows the link's href to the full page.
 */
export function createIssueClick(project?: string | number | null) {
  return (e: ClickLike) => {
    if (e.defaultPrevented || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openCreateIssue({ project });
  };
}
