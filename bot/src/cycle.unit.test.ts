import { describe, expect, it } from 'vitest';
import type { CycleSummary } from './backend.ts';
import { CYCLES_SHOWN, cycleKeyboard, formatCycle, formatCycles, progressBar } from './cycle.ts';

const cycle: CycleSummary = { id: 9, number: 12, name: null, startsOn: '2026-11-23', endsOn: '2026-12-07', projectKey: 'WEB', projectName: 'Сайт & Co', daysLeft: 5, scope: 10, completed: 6, inProgress: 3 };

describe('/cycle', () => {
  it('draws progress as ten cells and a percentage', () => {
    expect(progressBar(6, 10)).toBe('██████░░░░ 60%');
    expect(progressBar(0, 10)).toBe('░░░░░░░░░░ 0%');
    expect(progressBar(3, 3)).toBe('██████████ 100%');
    expect(progressBar(1, 3)).toBe('███░░░░░░░ 33%');
    expect(progressBar(0, 0)).toBe('░░░░░░░░░░ 0%');
  });

  it('sums a cycle up in both languages: name, days to the last one, the bar and the counts', () => {
    expect(formatCycle('ru', cycle)).toBe('<b>Сайт &amp; Co · Цикл 12</b>\n23 нояб. – 6 дек. · осталось 5 дней\n██████░░░░ 60%\n10 задач · сделано 6 · в работе 3');
    expect(formatCycle('en', { ...cycle, name: 'Launch <1>' })).toBe('<b>Сайт &amp; Co · Launch &lt;1&gt;</b>\nNov 23 – Dec 6 · 5 days left\n██████░░░░ 60%\n10 issues · 6 completed · 3 in progress');
  });

  it('uses the Russian plural forms for days and issues', () => {
    const line = (daysLeft: number, scope: number) => formatCycle('ru', { ...cycle, daysLeft, scope }).split('\n');
    expect(line(1, 1)[1]).toContain('остался 1 день');
    expect(line(1, 1)[3]).toMatch(/^1 задача ·/);
    expect(line(3, 22)[1]).toContain('осталось 3 дня');
    expect(line(3, 22)[3]).toMatch(/^22 задачи ·/);
    expect(line(11, 11)[1]).toContain('осталось 11 дней');
    expect(line(21, 21)[1]).toContain('остался 21 день');
    expect(formatCycle('en', { ...cycle, daysLeft: 1, scope: 1, completed: 0, inProgress: 0 })).toContain('1 day left\n░░░░░░░░░░ 0%\n1 issue · 0 completed · 0 in progress');
  });

  it('says an empty cycle is empty instead of drawing a bar', () => {
    expect(formatCycle('en', { ...cycle, scope: 0, completed: 0, inProgress: 0 }).split('\n').at(-1)).toBe('No issues in it yet.');
  });

  it('lists several cycles up to a limit, counts the rest, and gives each shown one a button to its page', () => {
    const many = Array.from({ length: CYCLES_SHOWN + 2 }, (_, i) => ({ ...cycle, id: i + 1, projectKey: `P${i}` }));
    const text = formatCycles('ru', many);
    expect(text.split('\n\n')).toHaveLength(CYCLES_SHOWN + 1);
    expect(text.endsWith('…и ещё 2 цикла — все в Трекере.')).toBe(true);
    const rows = cycleKeyboard('en', 'tracker_bot', many).inline_keyboard;
    expect(rows).toHaveLength(CYCLES_SHOWN);
    expect(rows[0]).toEqual([{ text: 'P0 · Cycle 12', url: 'https://t.me/tracker_bot?startapp=cycle_1' }]);
    expect(cycleKeyboard('ru', 'tracker_bot', [cycle]).inline_keyboard).toEqual([[{ text: 'Открыть цикл', url: 'https://t.me/tracker_bot?startapp=cycle_9' }]]);
  });
});
