// A Trello board's cost grows with its size, not with cards × checklists or cards × a field's options
// (the parse runs in the upload request and in the import job, on the event loop).
import { describe, expect, it } from 'vitest';
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
