// For what may come a moment after the page itself (the desktop sidebar): false on the first render,
// true once the browser is idle after it, so the page's own code and data go first on a cold start.
import { useEffect, useState } from 'react';

const IDLE_TIMEOUT_MS = 600;

export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const frame = requestAnimationFrame(() => setReady(true));
      return () => cancelAnimationFrame(frame);
    }
    const handle = requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }, []);
  return ready;
}
