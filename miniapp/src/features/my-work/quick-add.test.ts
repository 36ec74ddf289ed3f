import { parseQuickAdd } from '@tracker/shared/quick-add/index';
import { describe, expect, it } from 'vitest';
import { quickAddRequest, templateApplyRequest, type QuickAddContext } from './quick-add.ts';

const now = new Date('2026-11-25T10:00:00Z');
const ctx: QuickAddContext = {
  projects: [
    { id: 1, key: 'WEB' },
    { id: 2, key: 'OPS' },
  ],
  chosenProjectId: 1,
  labels: async (projectId) => (projectId === 2 ? [{ id: 20, name: 'Bug', color: '#000000' }] : []),
  findPerson: async (handle) => (handle === 'ivan' ? 7 : null),
  meId: 3,
  // WEB is in a cycle (40 now, 41 next); OPS has none.
  cycleOf: (projectId, which) => (projectId === 1 ? (which === 'current' ? 40 : 41) : null),
};
const parse = (line: string, locale: 'ru' | 'en' = 'en') => parseQuickAdd(line, { now, timeZone: 'UTC', locale });

describe('My work quick add', () => {
  it('sends the parsed line, in the project named by +KEY, with the person, label, priority and date', async () => {
    const line = 'Fix login tomorrow @ivan #bug !high +OPS';
    expect(await quickAddRequest(line, parse(line), ctx)).toEqual({
      ok: true,
      request: { projectId: 2, title: 'Fix login', priority: 'high', assigneeId: 7, labelIds: [20], dueDate: '2026-11-26' },
    });
  });

  it('assigns it to me and uses the chosen project when the line names neither', async () => {
    const line = 'завтра Починить вход';
    const out = await quickAddRequest(line, parse(line, 'ru'), ctx);
    expect(out).toMatchObject({ ok: true, request: { projectId: 1, assigneeId: 3, dueDate: '2026-11-26', labelIds: [] } });
    const unknown = 'Call @nobody';
    expect(await quickAddRequest(unknown, parse(unknown), ctx)).toMatchObject({ ok: true, request: { assigneeId: 3 } });
  });

  it('puts it in the project’s current or next cycle, and in none when the project has none', async () => {
    expect(await quickAddRequest('Fix *current', parse('Fix *current'), ctx)).toMatchObject({ ok: true, request: { projectId: 1, title: 'Fix', cycleId: 40 } });
    expect(await quickAddRequest('Fix *следующий', parse('Fix *следующий', 'ru'), ctx)).toMatchObject({ ok: true, request: { cycleId: 41 } });
    const none = await quickAddRequest('Fix *next +OPS', parse('Fix *next +OPS'), ctx);
    expect(none).toMatchObject({ ok: true, request: { projectId: 2, title: 'Fix' } });
    expect(none.ok && 'cycleId' in none.request).toBe(false);
    expect(await templateApplyRequest(parse('crash *next'), 1, [], ctx)).toEqual({ text: 'crash', cycleId: 41 });
  });

  it('refuses an empty line and a line with no project to go to', async () => {
    expect(await quickAddRequest('  ', parse('  '), ctx)).toEqual({ ok: false, reason: 'noTitle' });
    expect(await quickAddRequest('Task', parse('Task'), { ...ctx, chosenProjectId: null })).toEqual({ ok: false, reason: 'noProject' });
  });
});

describe('My work quick add with /template', () => {
  it('sends only what the tokens say, adding labels to the template’s', async () => {
    const line = 'crash on save !urgent #bug';
    expect(await templateApplyRequest(parse(line), 2, [5], ctx)).toEqual({ text: 'crash on save', priority: 'urgent', labelIds: [5, 20] });
    const plain = 'just text';
    expect(await templateApplyRequest(parse(plain), 1, [5], ctx)).toEqual({ text: 'just text' });
    const mine = 'завтра отчёт @me';
    expect(await templateApplyRequest(parse(mine, 'ru'), 1, [], ctx)).toEqual({ text: 'отчёт', dueDate: '2026-11-26', assigneeId: 3 });
  });
});
