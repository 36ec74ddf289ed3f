import { describe, expect, it } from 'vitest';
import { dirtyForms } from './unsaved-changes.ts';

describe('dirtyForms', () => {
  it('turns the confirmation on with the first dirty form and off when the last one is clean', () => {
    const calls: boolean[] = [];
    const forms = dirtyForms((on) => calls.push(on));
    forms.set('issue', true);
    forms.set('comment', true);
    expect(calls).toEqual([true]);
    forms.set('issue', false);
    expect(calls).toEqual([true]);
    expect(forms.anyDirty()).toBe(true);
    forms.set('comment', false);
    expect(calls).toEqual([true, false]);
    expect(forms.anyDirty()).toBe(false);
  });

  it('a clean form never turns it on, and reporting the same state twice calls nothing', () => {
    const calls: boolean[] = [];
    const forms = dirtyForms((on) => calls.push(on));
    forms.set('profile', false);
    expect(calls).toEqual([]);
    forms.set('profile', true);
    forms.set('profile', true);
    expect(calls).toEqual([true]);
  });
});
