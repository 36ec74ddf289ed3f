// The palette's one server call: full-text search beside the store's instant answer.
import { search } from '@tracker/shared/api/contract/issues';
import { api } from '../../lib/api-client.ts';

/** Not retried: the next keystroke asks again anyway. */
export const paletteSearch = (q: string, signal: AbortSignal) => api(search.all, { query: { q, limit: 8 }, signal, retry: 0 });
