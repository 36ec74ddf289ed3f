import { afterEach, describe, expect, it } from 'vitest';
import { clearQueries, invalidateQueries, prefetchQuery, readQuery, refetchQuery, setQueryData, watchQuery } from './query.ts';

afterEach(() => clearQueries());

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('query cache', () => {
  it('asks once for screens showing the same key, and both see the answer', async () => {
    let calls = 0;
    const answer = deferred<string[]>();
    const load = () => () => (calls++, answer.promise);
    const seen: unknown[] = [];
    const stopA = watchQuery(['search', 'ivan'], load, 30_000, () => seen.push(readQuery(['search', 'ivan']).data));
    const stopB = watchQuery(['search', 'ivan'], load, 30_000, () => undefined);
    expect(calls).toBe(1);
    expect(readQuery(['search', 'ivan'])).toMatchObject({ loading: true, fetching: true });
    answer.resolve(['MA-1']);
    await settle();
    expect(readQuery(['search', 'ivan'])).toMatchObject({ data: ['MA-1'], loading: false, fetching: false, error: null });
    expect(seen.at(-1)).toEqual(['MA-1']);
    stopA();
    stopB();
  });

  it('shows a fresh answer without asking again, and a stale one while asking again', async () => {
    let calls = 0;
    const load = () => async () => `answer ${++calls}`;
    watchQuery(['stats'], load, 30_000, () => undefined)();
    await settle();
    watchQuery(['stats'], load, 30_000, () => undefined)();
    expect(calls).toBe(1);
    const stop = watchQuery(['stats'], load, 0, () => undefined);
    expect(readQuery(['stats'])).toMatchObject({ data: 'answer 1', loading: false, fetching: true });
    await settle();
    expect(readQuery(['stats']).data).toBe('answer 2');
    stop();
  });

  it('asks again, at once, for shown answers under an invalidated prefix only', async () => {
    const calls: string[] = [];
    const load = (name: string) => () => async () => (calls.push(name), name);
    const stops = [watchQuery(['webhooks', 1], load('w1'), 30_000, () => undefined), watchQuery(['webhooks', 2], load('w2'), 30_000, () => undefined), watchQuery(['webhooksX'], load('x'), 30_000, () => undefined)];
    await settle();
    calls.length = 0;
    invalidateQueries(['webhooks', 1]);
    await settle();
    expect(calls).toEqual(['w1']);
    invalidateQueries(['webhooks']);
    await settle();
    expect(calls.sort()).toEqual(['w1', 'w1', 'w2']);
    for (const stop of stops) stop();
  });

  it('keeps the previous answer when asking again is refused, and reports the refusal', async () => {
    let fail = false;
    const stop = watchQuery(['feed'], () => async () => {
      if (fail) throw new Error('offline');
      return 'items';
    }, 30_000, () => undefined);
    await settle();
    fail = true;
    await refetchQuery(['feed']);
    expect(readQuery(['feed'])).toMatchObject({ data: 'items', loading: false });
    expect((readQuery(['feed']).error as Error).message).toBe('offline');
    stop();
  });

  it('ignores an answer that a newer request overtook', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const answers = [first.promise, second.promise];
    const stop = watchQuery(['q'], () => () => answers.shift()!, 30_000, () => undefined);
    void refetchQuery(['q']);
    second.resolve('new');
    await settle();
    first.resolve('old');
    await settle();
    expect(readQuery(['q']).data).toBe('new');
    stop();
  });

  it('takes an answer a write returned in place of the cached one', async () => {
    const stop = watchQuery(['tokens'], () => async () => ['a'], 30_000, () => undefined);
    await settle();
    setQueryData<string[]>(['tokens'], (list) => [...(list ?? []), 'b']);
    expect(readQuery(['tokens']).data).toEqual(['a', 'b']);
    stop();
  });
});

describe('prefetch', () => {
  it('hands a prefetched answer to the screen that shows the key, asking once', async () => {
    let calls = 0;
    prefetchQuery(['issue', 'MA-1'], async () => (calls++, 'page'));
    const stop = watchQuery(['issue', 'MA-1'], () => async () => (calls++, 'again'), 30_000, () => undefined);
    expect(calls).toBe(1);
    await settle();
    expect(readQuery(['issue', 'MA-1']).data).toBe('page');
    stop();
  });
});
