// A media query's match, live (it follows resizes and display-mode changes), and the phone width the
// app shell and the phone layouts share.
import { useSyncExternalStore } from 'react';

/** Widest screen (CSS px) counted as a phone: the app shell's tabs, the issue page, the settings as rows. */
export const PHONE_MAX_WIDTH = 640;
export const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
    () => false,
  );
}

export const usePhone = (): boolean => useMedia(PHONE_QUERY);
