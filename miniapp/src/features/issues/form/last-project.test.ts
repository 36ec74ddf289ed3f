import { describe, expect, it } from 'vitest';
import { defaultProject, lastProject, rememberProject } from './last-project.ts';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('the last project an issue was created in', () => {
  it('is remembered by id, and nothing else counts', () => {
    const s = memory();
    expect(lastProject(s)).toBeNull();
    rememberProject(7, s);
    expect(lastProject(s)).toBe(7);
    s.setItem('tracker/last-project', 'WEB');
    expect(lastProject(s)).toBeNull();
    expect(lastProject(null)).toBeNull();
  });
});

describe('the project a new issue starts in', () => {
  const projects = [
    { id: 1, key: 'WEB' },
    { id: 2, key: 'API' },
    { id: 3, key: 'OPS' },
  ];
  it('is the one viewed (key in any case, or id), else the last used, else the first', () => {
    expect(defaultProject(projects, 'api', 3)?.id).toBe(2);
    expect(defaultProject(projects, '3', 1)?.id).toBe(3);
    expect(defaultProject(projects, 'NOPE', 3)?.id).toBe(3);
    expect(defaultProject(projects, null, 2)?.id).toBe(2);
    expect(defaultProject(projects, null, 9)?.id).toBe(1);
    expect(defaultProject([], 'WEB', 1)).toBeUndefined();
  });
});
