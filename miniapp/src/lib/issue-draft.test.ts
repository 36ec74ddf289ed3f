import { describe, expect, it } from 'vitest';
import { clearAllDrafts, clearDraft, loadDraft, saveDraft } from './issue-draft.ts';

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
    data,
  };
};

describe('the create dialog draft', () => {
  it('is kept per user, and an empty one is not kept', () => {
    const s = memory();
    saveDraft(1, { title: 'Fix login !high', description: 'Steps' }, s);
    expect(loadDraft(1, s)).toEqual({ title: 'Fix login !high', description: 'Steps' });
    expect(loadDraft(2, s)).toBeNull();
    saveDraft(1, { title: '  ', description: '' }, s);
    expect(loadDraft(1, s)).toBeNull();
    expect(s.data.size).toBe(0);
  });

  it('is cleared after a create, and every user’s at sign-out', () => {
    const s = memory();
    saveDraft(1, { title: 'a', description: '' }, s);
    saveDraft(2, { title: '', description: 'b' }, s);
    s.setItem('tracker/last-project', '3');
    clearDraft(1, s);
    expect(loadDraft(1, s)).toBeNull();
    expect(loadDraft(2, s)).toEqual({ title: '', description: 'b' });
    clearAllDrafts(s);
    expect([...s.data.keys()]).toEqual(['tracker/last-project']);
  });

  it('reads nothing from a broken or missing store', () => {
    const s = memory();
    s.setItem('tracker/issue-draft/1', '{not json');
    expect(loadDraft(1, s)).toBeNull();
    s.setItem('tracker/issue-draft/1', JSON.stringify({ title: 5, description: 'kept' }));
    expect(loadDraft(1, s)).toEqual({ title: '', description: 'kept' });
    expect(loadDraft(1, null)).toBeNull();
    expect(() => saveDraft(1, { title: 'x', description: '' }, null)).not.toThrow();
  });
});
