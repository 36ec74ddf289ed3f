// An import file's cost grows with its size, not with cards × checklists, cards × a field's options or
// the square of a repeated header (the parse runs in the upload request and in the import job, on the
// event loop).
import { describe, expect, it } from 'vitest';
import { jiraFormat } from './jira.ts';
import { trelloFormat } from './trello.ts';

/** This thread's CPU time for the fastest of two runs, in milliseconds (other processes do not count). */
function fastest(fn: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 2; i++) {
    const began = process.threadCpuUsage();
    fn();
    const spent = process.threadCpuUsage(began);
    best = Math.min(best, (spent.user + spent.system) / 1000);
  }
  return best;
}

describe('trello parse', () => {
  it('handles 12,000 cards with a checklist each and a field of 12,000 options in linear time', { timeout: 60_000 }, () => {
    const n = 12_000;
    const id = (i: number) => i.toString(16).padStart(24, '0');
    const board = JSON.stringify({
      lists: [{ id: 'l', name: 'To do' }],
      cards: Array.from({ length: n }, (_, i) => ({ id: id(i), name: `Card ${i}`, idList: 'l', customFieldItems: [{ idCustomField: 'f', idValue: `o${i}` }] })),
      checklists: Array.from({ length: n }, (_, i) => ({ idCard: id(i), name: 'Steps', pos: 1, checkItems: [{ name: `Step ${i}`, state: 'complete', pos: 1 }] })),
      customFields: [{ id: 'f', name: 'Size', options: Array.from({ length: n }, (_, i) => ({ id: `o${i}`, value: { text: `S${i}` } })) }],
    });
    let parsed: ReturnType<typeof trelloFormat.parse> | undefined;
    // Linear: about 300 ms of CPU. Cards × checklists plus cards × options (3·10⁸ steps) took over 4 s.
    expect(fastest(() => (parsed = trelloFormat.parse(board)))).toBeLessThan(1500);
    expect(parsed!.records).toHaveLength(n);
    expect(parsed!.records[n - 1]).toMatchObject({ title: `Card ${n - 1}`, description: `### Steps\n- [x] Step ${n - 1}`, fields: { Size: `S${n - 1}` } });
  });
});

describe('jira parse', () => {
  it('reads a header repeated 50,000 times (one column per comment) in linear time', { timeout: 60_000 }, () => {
    const n = 50_000;
    const csv = `Summary,Issue key,Status,${Array(n).fill('Comment').join(',')}\nx,A-1,Open,${Array.from({ length: n }, (_, i) => `01/Jan/24 10:00 AM;u${i};c${i}`).join(',')}\n`;
    let parsed: ReturnType<typeof jiraFormat.parse> | undefined;
    // Linear: a few hundred milliseconds. Copying the header's index list at each repeat took 19 s.
    expect(fastest(() => (parsed = jiraFormat.parse(csv)))).toBeLessThan(3000);
    expect(parsed!.records[0]!.comments).toHaveLength(n);
  });
});
