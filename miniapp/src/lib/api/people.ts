// People search, for the people pickers of several features (members, stream owners, imports).
import { users } from '@tracker/shared/api/contract/projects';
import { api } from '../api-client.ts';

export const usersApi = {
  search: (q: string, signal?: AbortSignal) => api(users.search, { query: { q, limit: 10 }, signal }),
};
