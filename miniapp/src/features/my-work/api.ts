// My work's own calls: my open issues, activity on the issues I watch, and onboarding (first project
// or the demo one); my issues and projects come from the client store.
import { activity } from '@tracker/shared/api/contract/issues';
import { projects } from '@tracker/shared/api/contract/projects';
import { STATUS_CATEGORIES } from '@tracker/shared/api/values/projects';
import { api } from '../../lib/api-client.ts';

export const OPEN = STATUS_CATEGORIES.filter((c) => c !== 'completed' && c !== 'canceled').join(',');

/** My open issues, soonest due first (the list query, answered by the store when it is synced). */
export const MY_ISSUES = { assignee: 'me', category: OPEN, sort: 'due', order: 'asc' } as const;

export const myWorkApi = {
  watching: (limit = 10) => api(activity.watching, { query: { limit } }).then((r) => r.activity),
  createProject: (name: string, key: string) => api(projects.create, { body: { name, key } }),
  openDemo: () => api(projects.demo),
};
