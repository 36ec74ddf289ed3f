// A bar dragged near a side of the chart scrolls the chart that way, faster the nearer the pointer
// is to the side (Linear's and Plane's timelines do too): dates beyond the visible days can be reached
// in one drag.

/** How near a side, in pixels, the pointer starts the scroll. */
export const EDGE_PX = 48;
/** The fastest scroll, in pixels a frame, with the pointer on or past the side. */
export const MAX_STEP_PX = 18;

/** This frame's scroll for a pointer at `x` in a visible band from `left` to `right`: negative to the left, 0 away from both sides. */
export function edgeStep(x: number, left: number, right: number): number {
  const depth = x > right - EDGE_PX ? x - (right - EDGE_PX) : x < left + EDGE_PX ? -(left + EDGE_PX - x) : 0;
  return Math.round(MAX_STEP_PX * Math.max(-1, Math.min(1, depth / EDGE_PX)));
}
