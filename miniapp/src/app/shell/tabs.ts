// The app shell's tabs and which one a path belongs to.
import type { RouteName } from '@tracker/shared/routes';

export const TABS: readonly { id: string; route: RouteName; icon: string; also?: readonly RouteName[] }[] = [
  { id: 'myWork', route: 'home', icon: 'lucide:list-checks' },
  { id: 'issues', route: 'issues', icon: 'lucide:list-todo' },
  { id: 'projects', route: 'projects', icon: 'lucide:folder-kanban' },
  { id: 'calendar', route: 'calendar', icon: 'lucide:calendar' },
  { id: 'profile', route: 'profile', icon: 'lucide:circle-user', also: ['me'] },
];

export interface TabPaths {
  id: string;
  paths: readonly string[];
  /** Only these paths, not their subtrees (My work is `/`; Profile is its two account pages). */
  exact: boolean;
}

export function tabPaths(pathOf: (route: RouteName) => string): TabPaths[] {
  return TABS.map((tab) => ({ id: tab.id, paths: [tab.route, ...(tab.also ?? [])].map(pathOf), exact: tab.route === 'home' || !!tab.also }));
}

/** The tab a path belongs to: the home tab only on the home path itself, the others on their subtree too. */
export function currentTab(location: string, paths: readonly TabPaths[]): string | null {
  for (const tab of paths) {
    if (tab.paths.some((p) => location === p || (!tab.exact && location.startsWith(`${p}/`)))) return tab.id;
  }
  return null;
}
