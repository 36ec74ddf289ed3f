import { describe, expect, it } from 'vitest';
import { HOVER_DELAY_MS, intentTracker } from './intent-preload.ts';

/** A clock the test moves by hand: timers fire when it passes their time. */
function manualTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  return {
    timers: {
      set: (fn: () => void, ms: number) => {
        const id = next++;
        pending.set(id, { at: now + ms, fn });
        return id as unknown as ReturnType<typeof setTimeout>;
      },
      clear: (t: ReturnType<typeof setTimeout>) => void pending.delete(t as unknown as number),
    },
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...pending]) {
        if (t.at > now) continue;
        pending.delete(id);
        t.fn();
      }
    },
  };
}

describe('navigation intent', () => {
  it('preloads at once on pointer down and focus', () => {
    const seen: string[] = [];
    const tracker = intentTracker((href) => seen.push(href), manualTimers().timers);
    tracker.now('/en/issues/WEB-1');
    tracker.now('/en/projects');
    expect(seen).toEqual(['/en/issues/WEB-1', '/en/projects']);
  });

  it('preloads a hovered link after 50 ms, and not one the pointer only passed over', () => {
    const clock = manualTimers();
    const seen: string[] = [];
    const tracker = intentTracker((href) => seen.push(href), clock.timers);
    tracker.hoverStart('/en/issues/WEB-1');
    clock.advance(HOVER_DELAY_MS - 10);
    tracker.hoverEnd();
    tracker.hoverStart('/en/issues/WEB-2');
    clock.advance(HOVER_DELAY_MS - 1);
    expect(seen).toEqual([]);
    clock.advance(1);
    expect(seen).toEqual(['/en/issues/WEB-2']);
    // Moving over the same link's children (pointerover again) keeps its first deadline.
    tracker.hoverStart('/en/issues/WEB-4');
    clock.advance(HOVER_DELAY_MS - 20);
    tracker.hoverStart('/en/issues/WEB-4');
    clock.advance(20);
    expect(seen).toEqual(['/en/issues/WEB-2', '/en/issues/WEB-4']);
  });

  it('a click during the hover delay preloads once, at once', () => {
    const clock = manualTimers();
    const seen: string[] = [];
    const tracker = intentTracker((href) => seen.push(href), clock.timers);
    tracker.hoverStart('/en/issues/WEB-3');
    tracker.now('/en/issues/WEB-3');
    clock.advance(HOVER_DELAY_MS * 2);
    expect(seen).toEqual(['/en/issues/WEB-3']);
  });
});
