// The inbox (see contract/endpoint.ts). Its unread count is read by the app's frame on every page,
// so the schemas load on demand (lazySchema) and keep zod out of the entry chunk.
import { endpoint, lazySchema } from './endpoint.ts';

const schemas = () => import('../inbox.ts');

export const inbox = {
  list: endpoint('GET', '/api/inbox', {
    query: lazySchema(() => schemas().then((m) => m.inboxQuerySchema)),
    response: lazySchema(() => schemas().then((m) => m.inboxResponseSchema)),
  }),
  unread: endpoint('GET', '/api/inbox/unread', { response: lazySchema(() => schemas().then((m) => m.inboxUnreadResponseSchema)) }),
  update: endpoint('PATCH', '/api/inbox/:id', {
    body: lazySchema(() => schemas().then((m) => m.updateInboxItemSchema)),
    response: lazySchema(() => schemas().then((m) => m.inboxItemResponseSchema)),
  }),
  readAll: endpoint('POST', '/api/inbox/read-all', { response: lazySchema(() => schemas().then((m) => m.inboxUnreadResponseSchema)) }),
};
