import { describe, expect, it } from 'vitest';
import { findTemplate, matchTemplates, parseTemplateCommand, templatePrefix } from './template-command.ts';

describe('parseTemplateCommand', () => {
  it('takes `/name` at the start and leaves the rest for the title', () => {
    expect(parseTemplateCommand('/bug login fails tomorrow')).toEqual({ name: 'bug', rest: 'login fails tomorrow' });
    expect(parseTemplateCommand('  /Баг   падает вход')).toEqual({ name: 'Баг', rest: 'падает вход' });
    expect(parseTemplateCommand('/release-2_x')).toEqual({ name: 'release-2_x', rest: '' });
  });
  it('ignores a slash that is not a command', () => {
    expect(parseTemplateCommand('fix a/b')).toBeNull();
    expect(parseTemplateCommand('/')).toBeNull();
    expect(parseTemplateCommand('/bug/x title')).toBeNull();
    expect(parseTemplateCommand('// comment')).toBeNull();
  });
});

describe('templatePrefix', () => {
  it('is the name typed so far, until a space', () => {
    expect(templatePrefix('/')).toBe('');
    expect(templatePrefix('/ба')).toBe('ба');
    expect(templatePrefix('/bug ')).toBeNull();
    expect(templatePrefix('bug')).toBeNull();
  });
});

describe('matching names', () => {
  const templates = [{ name: 'Баг' }, { name: 'bug-report' }, { name: 'Релиз' }];
  it('matches case-insensitively, Cyrillic included', () => {
    expect(matchTemplates(templates, 'б').map((t) => t.name)).toEqual(['Баг']);
    expect(matchTemplates(templates, 'BU').map((t) => t.name)).toEqual(['bug-report']);
    expect(matchTemplates(templates, '').length).toBe(3);
    expect(findTemplate(templates, 'РЕЛИЗ')?.name).toBe('Релиз');
    expect(findTemplate(templates, 'bug')).toBeUndefined();
  });
});
