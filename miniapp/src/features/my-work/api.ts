// My work's own calls: my open issues, activity on the issues I watch, and onboarding (first project
// or the demo one). Projects are fetched fresh here: onboarding changes them.
import type { Activity, IssueListItem } from '@tracker/shared/api/issues';
import type { DemoProjectResponse, Project, ProjectDetailResponse } from '@tracker/shared/api/projects';
import { STATUS_CATEGORIES } from '@tracker/shared/api/projects';
import { http } from '../../lib/http.ts';
import { listIssues } from '../issues/index.ts';

export const OPEN = STATUS_CATEGORIES.filter((c) => c !== 'completed' && c !== 'canceled').join(',');

/** My open issues, soonest due first (the list query, answered by the store when it is synced). */
export const MY_ISSUES = { assignee: 'me', category: OPEN, sort: 'due', order: 'asc' } as const;

export const myWorkApi = {
  myIssues: (): Promise<IssueListItem[]> => listIssues({ ...MY_ISSUES, limit: 200 }).then((r) => r.issues),
  watching: (limit = 10) => http.get<{ activity: Activity[] }>('/api/activity/watching', { query: { limit } }).then((r) => r.activity),
  projects: () => http.get<{ projects: Project[] }>('/api/projects').then((r) => r.projects),
  createProject: (name: string, key: string) => http.post<ProjectDetailResponse>('/api/projects', { name, key }),
  openDemo: () => http.post<DemoProjectResponse>('/api/projects/demo', {}),
};
