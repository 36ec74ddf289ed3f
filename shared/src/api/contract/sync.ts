// The sync protocol's reads (docs/api.md, "Sync"); the stream is an EventSource, not a fetch.
import { syncBootstrapQuerySchema, syncBootstrapResponseSchema, syncChangesQuerySchema, syncChangesResponseSchema, syncIssuesQuerySchema, syncIssuesResponseSchema, syncStreamQuerySchema } from '../sync.ts';
import { endpoint } from './endpoint.ts';

export const sync = {
  bootstrap: endpoint('GET', '/api/sync/bootstrap', { query: syncBootstrapQuerySchema, response: syncBootstrapResponseSchema }),
  issues: endpoint('GET', '/api/sync/issues', { query: syncIssuesQuerySchema, response: syncIssuesResponseSchema }),
  changes: endpoint('GET', '/api/sync/changes', { query: syncChangesQuerySchema, response: syncChangesResponseSchema }),
  /** Server-sent events; `since` or `Last-Event-ID` says where to resume. */
  stream: endpoint('GET', '/api/sync/stream', { query: syncStreamQuerySchema, responseType: 'text/event-stream' }),
  /** Server-sent events: what happens in the projects the user sees (docs/api.md, "Live events"). */
  events: endpoint('GET', '/api/events', { responseType: 'text/event-stream' }),
};
