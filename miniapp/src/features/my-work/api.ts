// My work's own calls: my open issues, activity on the issues I watch, and onboarding (first project
// or the demo one). Projects are fetched fresh here: onboarding changes them.
import { activity } from '@tracker/shared/api/contract/issues';
import { projects } from '@tracker/shared/api/contract/projects';
import type { IssueListItem } from '@tracker/shared/api/issues';
import { STATUS_CATEGORIES } from '@tracker/shared/api/projects';
import { api } from '../../lib/api-client.ts';
import { listIssues } from '../issues/index.ts';

const OPEN = STATUS_CATEGORIES.filter((c) => c !== 'completed' && c !== 'canceled').join(',');

export const myWorkApi = {
  myIssues: (): Promise<IssueListItem[]> => listIssues({ assignee: 'me', category: OPEN, sort: 'due', order: 'asc', limit: 200 }).then((r) => r.issues),
  watching: (limit = 10) => api(activity.watching, { query: { limit } }).then((r) => r.activity),
  projects: () => api(projects.list).then((r) => r.projects),
  createProject: (name: string, key: string) => api(projects.create, { body: { name, key } }),
  openDemo: () => api(projects.demo),
};
