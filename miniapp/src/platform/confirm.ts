// One confirmation for destructive or irreversible actions: Telegram's own popup inside Telegram
// (texts cut to its limits); on the web and in clients older than popups (Bot API 6.2) an in-app
// dialog (components/ConfirmHost.tsx), never the browser's native confirm().
import { TG_POPUP } from '@tracker/shared/limits';
import { useEffect, useRef } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import { platform } from './index.ts';
import type { PopupParams } from './popup.ts';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText: string;
  /** The in-app dialog's safe choice, when "Cancel" says too little (e.g. "Keep editing"). */
  cancelText?: string;
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

export interface ConfirmAsk {
  id: number;
  options: ConfirmOptions;
  answer: (ok: boolean) => void;
}

/** The in-app questions waiting, first shown first (ConfirmHost renders them). */
export const confirmQueue = proxy<{ asks: ConfirmAsk[] }>({ asks: [] });
let asked = 0;

/** Answers the question shown (the host's buttons, Escape). */
export function answerConfirm(id: number, ok: boolean) {
  const at = confirmQueue.asks.findIndex((a) => a.id === id);
  if (at < 0) return;
  const [ask] = confirmQueue.asks.splice(at, 1);
  ask!.answer(ok);
}

/** True when the user confirmed. */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  const tg = platform.tg;
  if (!tg?.canPopup()) return new Promise((answer) => void confirmQueue.asks.push(ref({ id: ++asked, options, answer })));
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
