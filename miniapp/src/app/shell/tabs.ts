// The app shell's tabs and which one a path belongs to. The four most used places are tabs; the
// rest of the sidebar's places are in the More sheet, whose tab is current on any of them.
import type { RouteName } from '@tracker/shared/routes';

export interface Tab {
  id: string;
  route: RouteName;
  icon: string;
  also?: readonly RouteName[];
}

export const TABS: readonly Tab[] = [
  { id: 'myWork', route: 'home', icon: 'lucide:list-checks' },
  { id: 'issues', route: 'issues', icon: 'lucide:list-todo' },
  { id: 'inbox', route: 'inbox', icon: 'lucide:inbox' },
  { id: 'projects', route: 'projects', icon: 'lucide:folder-kanban' },
];

/** The More sheet's places, in the sidebar's order (search and admin are added by the sheet). */
export const MORE: readonly Tab[] = [
  { id: 'calendar', route: 'calendar', icon: 'lucide:calendar' },
  { id: 'timeline', route: 'timeline', icon: 'lucide:chart-gantt' },
  { id: 'streams', route: 'streams', icon: 'lucide:waves' },
  { id: 'timesheet', route: 'timesheet', icon: 'lucide:timer' },
  { id: 'insights', route: 'insights', icon: 'lucide:chart-column' },
  { id: 'profile', route: 'profile', icon: 'lucide:circle-user', also: ['me'] },
];

export interface TabPaths {
  id: string;
  /** `exact`: only the path itself, not its subtree (My work is `/`; Profile is its two account pages). */
  paths: readonly { path: string; exact: boolean }[];
}

const placesOf = (tab: Tab, pathOf: (route: RouteName) => string) =>
  [tab.route, ...(tab.also ?? [])].map((route) => ({ path: pathOf(route), exact: tab.route === 'home' || !!tab.also }));

export function tabPaths(pathOf: (route: RouteName) => string): TabPaths[] {
  const more = [...MORE.flatMap((tab) => placesOf(tab, pathOf)), { path: pathOf('admin'), exact: false }];
  return [...TABS.map((tab) => ({ id: tab.id, paths: placesOf(tab, pathOf) })), { id: 'more', paths: more }];
}

/** The tab a path belongs to: the home tab only on the home path itself, the others on their subtree too. */
export function currentTab(location: string, tabs: readonly TabPaths[]): string | null {
  for (const tab of tabs) {
    if (tab.paths.some(({ path, exact }) => location === path || (!exact && location.startsWith(`${path}/`)))) return tab.id;
  }
  return null;
}
