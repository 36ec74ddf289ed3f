import { describe, expect, it } from 'vitest';
import { closeCreateIssue, createIssueClick, createIssueDialog, openCreateIssue } from './create-issue.ts';

const click = (over: Partial<Parameters<ReturnType<typeof createIssueClick>>[0]> = {}) => {
  const e = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, defaultPrevented: false, ...over, preventDefault: () => (e.defaultPrevented = true) };
  return e;
};

describe('the create dialog switch', () => {
  it('opens with the project asked for, or none', () => {
    openCreateIssue({ project: 'WEB' });
    expect(createIssueDialog).toMatchObject({ open: true, project: 'WEB' });
    openCreateIssue({ project: 7 });
    expect(createIssueDialog.project).toBe('7');
    openCreateIssue();
    expect(createIssueDialog.project).toBeNull();
    closeCreateIssue();
    expect(createIssueDialog.open).toBe(false);
  });

  it('a plain click on New opens it; a middle or modified click follows the link', () => {
    const plain = click();
    createIssueClick('API')(plain);
    expect(plain.defaultPrevented).toBe(true);
    expect(createIssueDialog).toMatchObject({ open: true, project: 'API' });
    closeCreateIssue();
    for (const over of [{ button: 1 }, { ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }]) {
      const e = click(over);
      createIssueClick('API')(e);
      expect(e.defaultPrevented).toBe(false);
    }
    expect(createIssueDialog.open).toBe(false);
  });
});
