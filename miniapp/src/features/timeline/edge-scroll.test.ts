import { describe, expect, it } from 'vitest';
import { EDGE_PX, edgeStep, MAX_STEP_PX } from './edge-scroll.ts';

describe('edgeStep', () => {
  // A chart whose days show from 200 px (after the first column) to 1000 px.
  const step = (x: number) => edgeStep(x, 200, 1000);

  it('is still away from the sides', () => {
    expect([step(200 + EDGE_PX), step(600), step(1000 - EDGE_PX)]).toEqual([0, 0, 0]);
  });

  it('scrolls towards the side the pointer is near, faster the nearer', () => {
    expect(step(1000 - EDGE_PX / 2)).toBe(MAX_STEP_PX / 2);
    expect(step(1000)).toBe(MAX_STEP_PX);
    expect(step(200 + EDGE_PX / 2)).toBe(-MAX_STEP_PX / 2);
    expect(step(200)).toBe(-MAX_STEP_PX);
  });

  it('goes no faster past a side (the pointer over the first column, or outside the chart)', () => {
    expect(step(1400)).toBe(MAX_STEP_PX);
    expect(step(20)).toBe(-MAX_STEP_PX);
  });
});
