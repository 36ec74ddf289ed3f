// People search, for the people pickers of several features (members, stream owners, imports).
import { projects, users } from '@tracker/shared/api/contract/projects';
import { api } from '../api-client.ts';

export const usersApi = {
  search: (q: string, signal?: AbortSignal) => api(users.search, { query: { q, limit: 10 }, signal }),
  /** Quick add's "not in MA — add?": the person joins as a member; the sync feed brings the membership. */
  addToProject: (projectId: number, userId: number) => api(projects.setMember, { params: { id: projectId, userId }, body: { role: 'member' } }),
};
