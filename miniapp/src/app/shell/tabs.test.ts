import { buildPath } from '@tracker/shared/routes';
import { describe, expect, it } from 'vitest';
import { currentTab, tabPaths } from './tabs.ts';

const paths = (locale: 'ru' | 'en') => tabPaths((route) => buildPath(route, {}, locale));

describe('app shell tabs', () => {
  it('marks My work on the home path only, and a section tab on its whole subtree, in both languages', () => {
    expect(currentTab('/', paths('ru'))).toBe('myWork');
    expect(currentTab('/en', paths('en'))).toBe('myWork');
    expect(currentTab('/issues', paths('ru'))).toBe('issues');
    expect(currentTab('/en/issues/WEB-1', paths('en'))).toBe('issues');
    expect(currentTab('/projects/WEB', paths('ru'))).toBe('projects');
    expect(currentTab('/en/inbox', paths('en'))).toBe('inbox');
  });
  it('marks More on the places of its sheet: calendar, timeline, streams, timesheet, insights, profile, admin', () => {
    expect(currentTab('/calendar', paths('ru'))).toBe('more');
    expect(currentTab('/en/timeline', paths('en'))).toBe('more');
    expect(currentTab('/en/streams/3', paths('en'))).toBe('more');
    expect(currentTab('/timesheet', paths('ru'))).toBe('more');
    expect(currentTab('/en/insights', paths('en'))).toBe('more');
    expect(currentTab('/user/profile', paths('ru'))).toBe('more');
    expect(currentTab('/en/user', paths('en'))).toBe('more');
    expect(currentTab('/admin/users', paths('ru'))).toBe('more');
  });
  it('marks nothing on pages of no tab', () => {
    expect(currentTab('/user/password', paths('ru'))).toBeNull();
    expect(currentTab('/privacy', paths('ru'))).toBeNull();
  });
});
