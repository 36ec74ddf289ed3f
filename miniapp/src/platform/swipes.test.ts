import { ref } from 'valtio';
import { afterEach, describe, expect, it } from 'vitest';
import { platform, type TelegramApi } from './index.ts';
import { holdVerticalSwipes } from './swipes.ts';

describe('holdVerticalSwipes', () => {
  afterEach(() => {
    platform.tg = null;
  });

  it('swipes go off with the first hold and on again only when the last hold is released (once each)', () => {
    const calls: boolean[] = [];
    platform.tg = ref({ setVerticalSwipes: (on: boolean) => calls.push(on) } as unknown as TelegramApi);
    const card = holdVerticalSwipes();
    const scroll = holdVerticalSwipes();
    expect(calls).toEqual([false]);
    card();
    card();
    expect(calls).toEqual([false]);
    scroll();
    expect(calls).toEqual([false, true]);
  });

  it('outside Telegram nothing is called and nothing throws', () => {
    expect(() => holdVerticalSwipes()()).not.toThrow();
  });
});
