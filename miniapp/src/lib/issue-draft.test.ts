import { describe, expect, it } from 'vitest';
import { clearAllDrafts, clearDraft, descriptionDraftKey, draftToOffer, loadDescriptionDraft, loadDraft, saveDescriptionDraft, saveDraft } from './issue-draft.ts';

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

describe('the issue page’s description draft', () => {
  it('is kept per user and issue, apart from the create draft, with the version it started from', () => {
    const s = memory();
    saveDraft(1, { title: 'New', description: 'create' }, s);
    saveDescriptionDraft(1, 7, { description: 'Steps:\n1. open', baseVersion: 3 }, s);
    expect(loadDescriptionDraft(1, 7, s)).toEqual({ description: 'Steps:\n1. open', baseVersion: 3 });
    expect(loadDescriptionDraft(1, 8, s)).toBeNull();
    expect(loadDescriptionDraft(2, 7, s)).toBeNull();
    expect(loadDraft(1, s)).toEqual({ title: 'New', description: 'create' });
    expect(descriptionDraftKey(1, 7)).not.toBe(descriptionDraftKey(17, 7));
  });

  it('may be an empty text (the description cleared), and null removes it', () => {
    const s = memory();
    saveDescriptionDraft(1, 7, { description: '', baseVersion: 2 }, s);
    expect(loadDescriptionDraft(1, 7, s)).toEqual({ description: '', baseVersion: 2 });
    saveDescriptionDraft(1, 7, null, s);
    expect(loadDescriptionDraft(1, 7, s)).toBeNull();
    expect(s.data.size).toBe(0);
  });

  it('goes with every other draft at sign-out', () => {
    const s = memory();
    saveDescriptionDraft(1, 7, { description: 'x', baseVersion: 1 }, s);
    saveDescriptionDraft(2, 9, { description: 'y', baseVersion: 1 }, s);
    clearAllDrafts(s);
    expect(s.data.size).toBe(0);
  });

  it('is offered only while it differs from the description saved', () => {
    const draft = { description: 'Mine', baseVersion: 2 };
    expect(draftToOffer(draft, 'Theirs')).toBe(draft);
    expect(draftToOffer(draft, 'Mine')).toBeNull();
    expect(draftToOffer(null, 'Mine')).toBeNull();
    expect(draftToOffer({ description: '', baseVersion: 2 }, 'Old text')).toEqual({ description: '', baseVersion: 2 });
  });

  it('ignores a stored value of the wrong shape', () => {
    const s = memory();
    s.setItem(descriptionDraftKey(1, 7), JSON.stringify({ description: 'x' }));
    expect(loadDescriptionDraft(1, 7, s)).toBeNull();
    s.setItem(descriptionDraftKey(1, 7), '{broken');
    expect(loadDescriptionDraft(1, 7, s)).toBeNull();
    expect(loadDescriptionDraft(1, 7, null)).toBeNull();
  });
});
