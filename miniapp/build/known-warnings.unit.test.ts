import { describe, expect, it, vi } from 'vitest';
import { ERUDA_EVAL_NOTE, explainKnownWarnings } from './known-warnings.ts';

const run = (level: 'warn' | 'info', log: { code?: string; id?: string; message: string }) => {
  const handler = vi.fn();
  explainKnownWarnings.call({} as never, level, log as never, handler);
  return handler.mock.calls;
};

describe('build warnings', () => {
  it("turns eruda's direct-eval warning into one line that says why it is accepted", () => {
    const calls = run('warn', { code: 'EVAL', id: '/app/node_modules/eruda/eruda.js', message: 'Use of direct `eval` function is strongly discouraged' });
    expect(calls).toEqual([['info', { message: ERUDA_EVAL_NOTE }]]);
  });

  it('keeps every other warning, direct eval elsewhere included', () => {
    const ours = { code: 'EVAL', id: '/app/miniapp/src/lib/x.ts', message: 'Use of direct `eval`' };
    const other = { code: 'CIRCULAR_DEPENDENCY', message: 'a -> b -> a' };
    expect(run('warn', ours)).toEqual([['warn', ours]]);
    expect(run('warn', other)).toEqual([['warn', other]]);
  });
});
