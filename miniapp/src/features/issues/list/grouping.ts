import type { IssueListItem, Priority } from '@tracker/shared/api/issues';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { STATUS_CATEGORIES } from '@tracker/shared/api/values/projects';
import type { ListProject } from '../detail/from-store.ts';
import type { GroupBy } from '../filters/url.ts';

export interface Group {
  key: string;
  /** What the header shows: a translation key with values, or a literal name. */
  label: { key: string; values?: Record<string, string> } | { text: string; suffix?: string };
  color?: string;
  issues: IssueListItem[];
}

const PRIORITY_ORDER: Priority[] = ['urgent', 'high', 'medium', 'low', 'none'];
const CATEGORY_ORDER: readonly StatusCategory[] = STATUS_CATEGORIES;

/** Splits the loaded rows into ordered groups; rows keep their sorted order inside a group. */
export function groupIssues(issues: readonly IssueListItem[], by: GroupBy, projects: ReadonlyMap<number, ListProject>): Group[] {
  if (by === 'none') return [{ key: 'all', label: { text: '' }, issues: [...issues] }];
  const groups = new Map<string, Group & { rank: number[] }>();
  const multiProject = new Set(issues.map((i) => i.projectId)).size > 1;
  for (const issue of issues) {
    let key: string;
    let make: () => Omit<Group, 'issues' | 'key'> & { rank: number[] };
    switch (by) {
      case 'status': {
        key = `s${issue.statusId}`;
        make = () => {
          const detail = projects.get(issue.projectId);
          const status = detail?.statuses.find((s) => s.id === issue.statusId);
          if (!status) return { label: { text: '…' }, rank: [99, 0, issue.statusId] };
          return {
            label: { text: status.name, suffix: multiProject ? detail!.project.key : undefined },
            color: status.color,
            rank: [CATEGORY_ORDER.indexOf(status.category), status.position, issue.projectId],
          };
        };
        break;
      }
      case 'category': {
        // Across projects (a stream, all issues): one group per kind of status, not per project's status.
        const category = projects.get(issue.projectId)?.statuses.find((s) => s.id === issue.statusId)?.category;
        key = category ? `c${category}` : 'c?';
        make = () => (category ? { label: { key: `issues.filters.categories.${category}` }, rank: [CATEGORY_ORDER.indexOf(category)] } : { label: { text: '…' }, rank: [99] });
        break;
      }
      case 'assignee':
        key = issue.assignee ? `u${issue.assignee.id}` : 'none';
        make = () =>
          issue.assignee ? { label: { text: issue.assignee.name }, rank: [0] } : { label: { key: 'issues.list.unassigned' }, rank: [1] };
        break;
      case 'priority':
        key = issue.priority;
        make = () => ({ label: { key: `issues.filters.priorities.${issue.priority}` }, rank: [PRIORITY_ORDER.indexOf(issue.priority)] });
        break;
      case 'project':
        key = `p${issue.projectId}`;
        make = () => {
          const detail = projects.get(issue.projectId);
          return { label: { text: detail ? detail.project.name : '…', suffix: detail?.project.key }, color: detail?.project.color, rank: [0] };
        };
        break;
    }
    let group = groups.get(key);
    if (!group) {
      group = { key, issues: [], ...make() };
      groups.set(key, group);
    }
    group.issues.push(issue);
  }
  const list = [...groups.values()];
  const name = (g: Group) => ('text' in g.label ? g.label.text.toLowerCase() : '');
  list.sort((a, b) => {
    for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
      const d = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
      if (d) return d;
    }
    return name(a).localeCompare(name(b));
  });
  return list.map(({ rank: _rank, ...g }) => g);
}
