import { describe, expect, it } from 'vitest';
import { can, canInProject } from './permissions.ts';

describe('capabilities', () => {
  it('grants admin capabilities only to admins', () => {
    expect(can(['admin'], 'admin.access')).toBe(true);
    expect(can([], 'admin.access')).toBe(false);
    expect(can(undefined, 'admin.customFields')).toBe(false);
  });

  it('maps project roles to capabilities', () => {
    expect(canInProject('viewer', [], 'project.view')).toBe(true);
    expect(canInProject('viewer', [], 'issue.edit')).toBe(false);
    expect(canInProject('member', [], 'issue.edit')).toBe(true);
    expect(canInProject('member', [], 'issue.delete')).toBe(false);
    expect(canInProject('owner', [], 'project.delete')).toBe(true);
    expect(canInProject(null, [], 'project.view')).toBe(false);
    expect(canInProject(null, ['admin'], 'project.delete')).toBe(true);
  });
});
