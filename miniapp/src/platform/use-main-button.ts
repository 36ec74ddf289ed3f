import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { platform } from './index.ts';
import type { HapticKind, MainButtonParams } from './telegram.ts';

function useBottomButton(which: 'setMainButton' | 'setSecondaryButton', params: MainButtonParams | null, onClick: () => void) {
  const { tg } = useSnapshot(platform);
  const handler = useRef(onClick);
  handler.current = onClick;
  const key = params ? `${params.text}|${params.enabled ?? true}|${params.loading ?? false}` : '';
  useEffect(() => {
    if (!tg) return;
    return tg[which](params, () => handler.current());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- params by value
  }, [tg, key]);
}

/**
 * The page's primary action on Telegram's MainButton (inside Telegram only; the page keeps its own
 * button everywhere, so nothing depends on this). Null hides it. `loading` shows its loader.
 */
export function useMainButton(params: MainButtonParams | null, onClick: () => void) {
  useBottomButton('setMainButton', params, onClick);
}

/** The page's second action on Telegram's SecondaryButton (clients with Bot API 7.10+). */
export function useSecondaryButton(params: MainButtonParams | null, onClick: () => void) {
  useBottomButton('setSecondaryButton', params, onClick);
}

/**
 * Haptic feedback: 'success' after a create/save/comment/status change, 'error' on a failed
 * request, 'selection' when a select, tab or picker changes. Nothing outside Telegram.
 */
export function haptic(kind: HapticKind) {
  platform.tg?.haptic(kind);
}

/** Haptic selection ticks for every select, tab and picker option of the page (inside Telegram). */
export function useSelectionHaptics() {
  const { tg } = useSnapshot(platform);
  useEffect(() => {
    if (!tg) return;
    const changed = (e: Event) => {
      if (e.target instanceof HTMLSelectElement || (e.target instanceof HTMLInputElement && (e.target.type === 'radio' || e.target.type === 'checkbox'))) tg.haptic('selection');
    };
    const clicked = (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest('[role="tab"], [role="option"], [role="menuitemradio"]')) tg.haptic('selection');
    };
    document.addEventListener('change', changed, true);
    document.addEventListener('click', clicked, true);
    return () => {
      document.removeEventListener('change', changed, true);
      document.removeEventListener('click', clicked, true);
    };
  }, [tg]);
}
