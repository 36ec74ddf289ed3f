import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { platform } from './index.ts';
import type { MainButtonParams } from './telegram.ts';

/**
 * The page's primary action on Telegram's MainButton (inside Telegram only; the page keeps its own
 * button everywhere, so nothing depends on this). Null hides it.
 */
export function useMainButton(params: MainButtonParams | null, onClick: () => void) {
  const { tg } = useSnapshot(platform);
  const handler = useRef(onClick);
  handler.current = onClick;
  const key = params ? `${params.text}|${params.enabled ?? true}|${params.loading ?? false}` : '';
  useEffect(() => {
    if (!tg) return;
    return tg.setMainButton(params, () => handler.current());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- params by value
  }, [tg, key]);
}

/** Haptic feedback on important actions; nothing outside Telegram. */
export function haptic(kind: 'success' | 'error' | 'warning' | 'light') {
  platform.tg?.haptic(kind);
}
