import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, fromView, parseSearch, toApiQuery, toggleCsv, toSearch, toViewQuery, withFilter } from './url.ts';

describe('issue page URL state', () => {
  it('round-trips filters, sort, layout and grouping in a stable order', () => {
    const search = '?project=WEB&assignee=me&priority=high%2Curgent&cf.3=7&sort=due&order=asc&layout=board&group=status';
    const state = parseSearch(search);
    expect(state).toEqual({
      filters: { project: 'WEB', assignee: 'me', priority: 'high,urgent', 'cf.3': '7' },
      sort: 'due',
      order: 'asc',
      layout: 'board',
      group: 'status',
    });
    expect(toSearch(state)).toBe(search);
    expect(toSearch(parseSearch('?priority=high&assignee=me'))).toBe('?assignee=me&priority=high');
  });

  it('drops unknown keys, empty values and invalid choices; defaults stay out of the URL', () => {
    expect(parseSearch('?foo=1&q=&layout=grid&group=weird&sort=drop&order=up')).toEqual(DEFAULT_STATE);
    expect(toSearch(DEFAULT_STATE)).toBe('');
    expect(parseSearch('?sort=cf.12').sort).toBe('cf.12');
  });

  it('builds the API query with fixed filters winning', () => {
    const state = parseSearch('?project=WEB&q=login');
    expect(toApiQuery(state, { project: 'MOB' })).toEqual({ project: 'MOB', q: 'login', sort: 'updated', order: 'desc' });
  });

  it('saved views keep filters and non-default sort, and reopen with their layout', () => {
    const state = parseSearch('?assignee=me&sort=priority&layout=board&group=priority');
    expect(toViewQuery(state)).toEqual({ assignee: 'me', sort: 'priority' });
    expect(fromView({ query: toViewQuery(state), layout: 'board', groupBy: 'priority' })).toEqual(state);
  });

  it('toggles comma lists and clears project-bound filters when the project changes', () => {
    expect(toggleCsv(undefined, 'high')).toBe('high');
    expect(toggleCsv('high,low', 'high')).toBe('low');
    expect(withFilter({ project: 'WEB', status: '1', label: '2', 'cf.4': 'x', assignee: 'me' }, 'project', 'MOB')).toEqual({ project: 'MOB', assignee: 'me' });
    expect(withFilter({ q: 'x' }, 'q', '')).toEqual({});
  });
});

describe('groupings', () => {
  it('are the ones a saved view can keep', async () => {
    const { VIEW_GROUPS } = await import('@tracker/shared/api/views');
    const { GROUPS } = await import('./url.ts');
    expect([...GROUPS]).toEqual([...VIEW_GROUPS]);
  });
});
