import { describe, expect, it } from 'vitest';
import { asIssueKey, createPath, shortcutFor, viewedProject } from './keys.ts';

const key = (k: string, over: Partial<Parameters<typeof shortcutFor>[0]> = {}) => shortcutFor({ key: k, ctrlKey: false, metaKey: false, altKey: false, typing: false, ...over });

describe('shortcuts', () => {
  it('maps keys to actions and ignores them while typing, except Ctrl/⌘+K', () => {
    expect(key('k', { ctrlKey: true })).toBe('palette');
    expect(key('K', { metaKey: true, typing: true })).toBe('palette');
    expect(key('c')).toBe('create');
    expect(key('/')).toBe('search');
    expect(key('?')).toBe('help');
    expect(key('c', { typing: true })).toBe(null);
    expect(key('c', { ctrlKey: true })).toBe(null);
    expect(key('j')).toBe(null);
  });

  it('create keeps the project filter; keys are recognised case-insensitively', () => {
    expect(createPath('/en/issues/create', '?project=WEB&assignee=me')).toBe('/en/issues/create?project=WEB');
    expect(createPath('/issues/create', '')).toBe('/issues/create');
    // The project being viewed: its page, or the project of the issue open.
    expect(createPath('/en/issues/create', '', '/en/projects/MOB')).toBe('/en/issues/create?project=MOB');
    expect(createPath('/issues/create', '', '/issues/web-12')).toBe('/issues/create?project=WEB');
    expect(createPath('/issues/create', '', '/issues/12')).toBe('/issues/create');
    expect(createPath('/issues/create', '', '/calendar')).toBe('/issues/create');
    expect(asIssueKey(' web-12 ')).toBe('WEB-12');
  });

  it('the create dialog starts on the project being viewed', () => {
    expect(viewedProject('?project=WEB&assignee=me', '/issues')).toBe('WEB');
    expect(viewedProject('', '/en/projects/MOB')).toBe('MOB');
    expect(viewedProject('', '/issues/web-12')).toBe('WEB');
    expect(viewedProject('', '/calendar')).toBeNull();
    expect(asIssueKey('web 12')).toBe(null);
  });
});
