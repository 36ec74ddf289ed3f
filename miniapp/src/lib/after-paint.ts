// Resolves once the next frame has been painted: work that need not show in the frame of an input
// (a store write, a request) waits for it, so the input's own change paints first. A hidden page
// paints no frames, so it does not wait there.
export function afterPaint(): Promise<void> {
  if (typeof document === 'undefined' || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
