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
    expect(currentTab('/calendar', paths('ru'))).toBe('calendar');
  });
  it('marks Profile on the profile and account pages, and nothing elsewhere', () => {
    expect(currentTab('/user/profile', paths('ru'))).toBe('profile');
    expect(currentTab('/en/user', paths('en'))).toBe('profile');
    expect(currentTab('/user/password', paths('ru'))).toBeNull();
    expect(currentTab('/streams', paths('ru'))).toBeNull();
    expect(currentTab('/privacy', paths('ru'))).toBeNull();
  });
});
