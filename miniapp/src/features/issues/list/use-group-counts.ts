// Each group's whole count for a list that is not all loaded (a header says "Backlog 16", not the 6
// rows on screen): asked of the server through the query hook, again after issue changes.
import { useMemo } from 'react';
import { useQuery } from '../../../lib/query.ts';
import { countIssues } from '../api.ts';
import type { GroupBy } from '../filters/url.ts';

export function useGroupCounts(query: Readonly<Record<string, string>>, group: GroupBy, enabled: boolean): ReadonlyMap<string, number> | null {
  const { sort: _sort, order: _order, ...filters } = query;
  const key = JSON.stringify(filters);
  const asked = useQuery(enabled && group !== 'none' ? ['issues', 'counts', group, key] : null, (signal) => countIssues({ ...filters, group: group as Exclude<GroupBy, 'none'> }, signal), {
    refetchOn: (e) => e.type.startsWith('issue.'),
  });
  return useMemo(() => (asked.data ? new Map(asked.data.counts.map((c) => [c.key, c.count])) : null), [asked.data]);
}
