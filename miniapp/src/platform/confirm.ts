// One confirmation for destructive or irreversible actions: Telegram's own popup inside Telegram
// (texts cut to its limits), the browser's confirm dialog on the web and in clients older than
// popups (Bot API 6.2).
import { TG_POPUP } from '@tracker/shared/limits';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { platform } from './index.ts';
import type { PopupParams } from './popup.ts';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText: string;
  /** A destructive button (red in Telegram). */
  destructive?: boolean;
}

/** Cuts `text` to `max` UTF-16 units (Telegram's count), ending with an ellipsis, never inside a character. */
export function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}

export const CONFIRM_ID = 'confirm';

/** The popup for `options`, within Telegram's limits. */
export function confirmPopup(options: ConfirmOptions): PopupParams {
  const title = options.title?.trim();
  return {
    ...(title ? { title: fit(title, TG_POPUP.titleMax) } : {}),
    message: fit(options.message.trim() || options.confirmText, TG_POPUP.messageMax),
    buttons: [
      { id: CONFIRM_ID, type: options.destructive ? 'destructive' : 'default', text: fit(options.confirmText, TG_POPUP.buttonTextMax) },
      { id: 'cancel', type: 'cancel' },
    ],
  };
}

// Telegram shows one popup at a time: a second ask while one is open gets the same answer.
let asking: Promise<boolean> | null = null;

/** True when the user confirmed. */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  const tg = platform.tg;
  if (!tg?.canPopup()) return Promise.resolve(window.confirm(options.title ? `${options.title}\n\n${options.message}` : options.message));
  asking ??= tg
    .showPopup(confirmPopup(options))
    .then((id) => id === CONFIRM_ID, () => false)
    .finally(() => (asking = null));
  return asking;
}

/**
 * A page's confirmation dialog, inside Telegram: while `open`, Telegram's popup asks instead and
 * `onAnswer` hears the choice. True when the popup stands in (the page renders no dialog).
 */
export function usePopupConfirm(open: boolean, options: ConfirmOptions | null, onAnswer: (ok: boolean) => void): boolean {
  const { tg } = useSnapshot(platform);
  const popup = !!options && !!tg?.canPopup();
  const latest = useRef({ options, onAnswer });
  latest.current = { options, onAnswer };
  useEffect(() => {
    if (!open || !popup || !latest.current.options) return;
    let live = true;
    void confirmAction(latest.current.options).then((ok) => live && latest.current.onAnswer(ok));
    return () => {
      live = false;
    };
  }, [open, popup]);
  return popup;
}

/** A name quoted in a confirmation is cut to this, so the question around it still fits. */
export const NAME_MAX = 120;
