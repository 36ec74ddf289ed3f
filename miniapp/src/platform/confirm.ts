// One confirmation for destructive or irreversible actions: Telegram's own popup inside Telegram
// (texts cut to its limits); on the web, in clients older than popups (Bot API 6.2) and for a question
// a popup cannot ask (a word to type, a choice) the one in-app dialog (components/ConfirmHost.tsx),
// never the browser's native confirm(). Lint: only ConfirmHost renders that dialog.
import { TG_POPUP } from '@tracker/shared/limits';
import { proxy, ref } from 'valtio';
import { platform } from './index.ts';
import type { PopupParams } from './popup.ts';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText: string;
  /** The in-app dialog's safe choice, when "Cancel" says too little (e.g. "Keep editing"). */
  cancelText?: string;
  /** A destructive button (red in Telegram, the one `.btn--danger` in the app). */
  destructive?: boolean;
  /** The confirm button waits until this word is typed (deleting a project by its key). */
  confirmWord?: string;
  /** A choice that goes with the answer (where a deleted status's issues move): `confirmAction` answers the value. */
  choice?: ConfirmChoice;
}

export interface ConfirmChoice {
  label: string;
  options: readonly { value: string; label: string }[];
  /** Chosen at first; the first option by default. */
  value?: string;
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
  /** false: cancelled; true, or the chosen value of a choice: confirmed. */
  answer: (answer: boolean | string) => void;
}

/** The in-app questions waiting, first shown first (ConfirmHost renders them). */
export const confirmQueue = proxy<{ asks: ConfirmAsk[] }>({ asks: [] });
let asked = 0;

/** Answers the question shown (the host's buttons, Escape). */
export function answerConfirm(id: number, answer: boolean | string) {
  const at = confirmQueue.asks.findIndex((a) => a.id === id);
  if (at < 0) return;
  const [ask] = confirmQueue.asks.splice(at, 1);
  ask!.answer(answer);
}

/** True when the user confirmed; with a `choice`, the chosen value, or null when cancelled. */
export function confirmAction(options: ConfirmOptions & { choice: ConfirmChoice }): Promise<string | null>;
export function confirmAction(options: ConfirmOptions): Promise<boolean>;
export function confirmAction(options: ConfirmOptions): Promise<boolean | string | null> {
  const tg = platform.tg;
  // Telegram's popup has buttons only: a word to type or a choice is asked in the app, also there.
  if (!tg?.canPopup() || options.confirmWord !== undefined || options.choice !== undefined) {
    return new Promise((resolve) => {
      const answer = (given: boolean | string) => resolve(options.choice ? (given === false ? null : String(given)) : given !== false);
      confirmQueue.asks.push(ref({ id: ++asked, options, answer }));
    });
  }
  asking ??= tg
    .showPopup(confirmPopup(options))
    .then((id) => id === CONFIRM_ID, () => false)
    .finally(() => (asking = null));
  return asking;
}

/** A name quoted in a confirmation is cut to this, so the question around it still fits. */
export const NAME_MAX = 120;
