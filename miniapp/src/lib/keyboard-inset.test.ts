import { describe, expect, it } from 'vitest';
import { keyboardInset } from './keyboard-inset.ts';

describe('keyboardInset', () => {
  it('is the part of the layout viewport below the visual one', () => {
    expect(keyboardInset(800, { height: 480, offsetTop: 0 })).toBe(320);
    // iOS scrolls the visual viewport up to the focused field: what is below it still counts.
    expect(keyboardInset(800, { height: 480, offsetTop: 120 })).toBe(200);
  });
  it('is 0 without a keyboard, after a resize of the page, or without visualViewport', () => {
    expect(keyboardInset(800, { height: 800, offsetTop: 0 })).toBe(0);
    expect(keyboardInset(480, { height: 480.4, offsetTop: 0 })).toBe(0);
    expect(keyboardInset(800, null)).toBe(0);
  });
});
