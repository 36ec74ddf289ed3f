// The inbox's calls (shared/src/api/contract/inbox.ts).
import { inbox } from '@tracker/shared/api/contract/inbox';
import type { InboxFilter, UpdateInboxItem } from '@tracker/shared/api/inbox';
import { api } from '../../lib/api-client.ts';

export const inboxApi = {
  page: (filter: InboxFilter, cursor: string | null, limit = 30, signal?: AbortSignal) => api(inbox.list, { query: { filter, limit, ...(cursor ? { cursor } : {}) }, signal }),
  unread: () => api(inbox.unread).then((r) => r.unread),
  update: (id: number, change: UpdateInboxItem) => api(inbox.update, { params: { id }, body: change }),
  readAll: () => api(inbox.readAll).then((r) => r.unread),
};
