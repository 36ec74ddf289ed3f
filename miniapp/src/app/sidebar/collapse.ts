// Whether the desktop sidebar is collapsed to icons; kept per browser, toggled by its button or `[`.
import { proxy } from 'valtio';

const KEY = 'tracker.sidebar.collapsed';

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export const sidebar = proxy({ collapsed: stored() });

export function toggleSidebar(): void {
  sidebar.collapsed = !sidebar.collapsed;
  try {
    localStorage.setItem(KEY, sidebar.collapsed ? '1' : '0');
  } catch {
    // private mode: the choice lasts for this page only
  }
}
