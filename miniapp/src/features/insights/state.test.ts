import { describe, expect, it } from 'vitest';
import { chartQuery, parseInsightsSearch, toInsightsSearch } from './state.ts';

describe('insights page state', () => {
  it('reads the list filters, the view, the range and the groupings from the URL, and leaves the rest', () => {
    const state = parseInsightsSearch('?project=WEB&assignee=me&cf.3=true&sort=title&view=7&from=2026-01-05&to=2026-03-29&workload=status&time=bogus&layout=board');
    expect(state).toEqual({ filters: { project: 'WEB', assignee: 'me', 'cf.3': 'true' }, view: '7', from: '2026-01-05', to: '2026-03-29', workload: 'status', time: 'person' });
    expect(parseInsightsSearch('?from=yesterday&view=x')).toMatchObject({ from: null, view: null, workload: 'assignee' });
  });

  it('writes the URL back without its defaults, and each chart’s query with its own grouping', () => {
    const state = parseInsightsSearch('?stream=4&to=2026-03-29&time=project');
    expect(toInsightsSearch(state)).toBe('?stream=4&to=2026-03-29&time=project');
    expect(toInsightsSearch(parseInsightsSearch(''))).toBe('');
    expect(chartQuery(state, 'time')).toEqual({ stream: '4', to: '2026-03-29', by: 'project' });
    expect(chartQuery(state, 'workload')).toEqual({ stream: '4', to: '2026-03-29', by: 'assignee' });
    expect(chartQuery(state, 'overdue')).toEqual({ stream: '4', to: '2026-03-29' });
  });
});
