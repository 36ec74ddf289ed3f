import { describe, expect, it } from 'vitest';
import { lastProject, rememberProject } from './last-project.ts';

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
