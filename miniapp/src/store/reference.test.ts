import { describe, expect, it } from 'vitest';
import { searchStore, storeProjects, storeViews } from './reference.ts';
import { issue, project } from './test-data.ts';

describe('reference lists and the palette from the store', () => {
  const projects = { 1: project(1, 'WEB', { name: 'Website' }), 2: project(2, 'OPS', { name: 'operations', archivedAt: '2026-01-01T00:00:00.000Z' }) };
  const issues = {
    1: issue(1, 1, { key: 'WEB-1', title: 'Pricing page', updatedAt: '2026-01-02T00:00:00.000Z' }),
    2: issue(2, 1, { key: 'WEB-2', title: 'Update the pricing table', updatedAt: '2026-01-03T00:00:00.000Z' }),
    3: issue(3, 1, { key: 'WEB-3', title: 'Logo' }),
  };

  it('finds issues by key prefix or title, newest first, and projects by name or key', () => {
    expect(searchStore({ issues, projects }, 'pricing', 8).issues.map((i) => i.key)).toEqual(['WEB-2', 'WEB-1']);
    expect(searchStore({ issues, projects }, 'web-3', 8).issues.map((i) => i.key)).toEqual(['WEB-3']);
    expect(searchStore({ issues, projects }, 'web', 1).issues).toHaveLength(1);
    expect(searchStore({ issues, projects }, 'site', 8).projects.map((p) => p.key)).toEqual(['WEB']);
    expect(searchStore({ issues, projects }, '  ', 8)).toEqual({ issues: [], projects: [] });
  });

  it('lists projects as the API does (no archived, by name) and views workspace-wide first', () => {
    expect(storeProjects({ projects }).map((p) => p.key)).toEqual(['WEB']);
    const view = (id: number, name: string, projectId: number | null) => ({ id, name, projectId }) as never;
    expect(storeViews({ views: { 1: view(1, 'b', 2), 2: view(2, 'z', null), 3: view(3, 'a', 2) } }).map((v: { id: number }) => v.id)).toEqual([2, 3, 1]);
  });
});
