import { describe, expect, it } from 'vitest';
import { appHistory } from './app-history.ts';

function fakeWindow(start: string) {
  const target = new EventTarget();
  let path = start;
  return {
    source: target,
    where: () => path,
    go(type: 'pushState' | 'replaceState' | 'popstate', to: string) {
      path = to;
      target.dispatchEvent(new Event(type));
    },
  };
}

describe('appHistory', () => {
  it('a page opened directly has nothing behind it; a step forward does, back returns to none', () => {
    const w = fakeWindow('/issues/TR-1');
    const h = appHistory(w.source, w.where);
    expect(h.canGoBack()).toBe(false);
    w.go('pushState', '/issues/TR-1/edit');
    expect(h.canGoBack()).toBe(true);
    w.go('popstate', '/issues/TR-1');
    expect(h.canGoBack()).toBe(false);
  });

  it('a replace (deep link redirect, going up) adds no entry', () => {
    const w = fakeWindow('/');
    const h = appHistory(w.source, w.where);
    w.go('replaceState', '/issues/TR-1');
    expect(h.canGoBack()).toBe(false);
  });

  it('forward after back is recognised by the next entry', () => {
    const w = fakeWindow('/');
    const h = appHistory(w.source, w.where);
    w.go('pushState', '/issues');
    w.go('pushState', '/issues/1');
    w.go('popstate', '/issues');
    w.go('popstate', '/issues/1');
    expect(h.canGoBack()).toBe(true);
    w.go('popstate', '/issues');
    w.go('popstate', '/');
    expect(h.canGoBack()).toBe(false);
    h.stop();
    w.go('pushState', '/projects');
    expect(h.canGoBack()).toBe(false);
  });
});
