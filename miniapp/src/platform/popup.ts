// Telegram popups within spec §9's limits: checked before the SDK sees them, so a bad call fails
// here with a clear message instead of inside Telegram.
import { TG_POPUP } from '@tracker/shared/limits';

export interface PopupButton {
  id: string;
  type?: 'default' | 'ok' | 'close' | 'cancel' | 'destructive';
  text?: string;
}

export interface PopupParams {
  title?: string;
  message: string;
  buttons?: PopupButton[];
}

/** The problems of `params` against the limits (empty when it may be shown). */
export function popupProblems(params: PopupParams): string[] {
  const problems: string[] = [];
  if ((params.title ?? '').length > TG_POPUP.titleMax) problems.push(`title longer than ${TG_POPUP.titleMax}`);
  if (params.message.length < TG_POPUP.messageMin || params.message.length > TG_POPUP.messageMax) problems.push(`message must be ${TG_POPUP.messageMin}–${TG_POPUP.messageMax} characters`);
  const buttons = params.buttons ?? [];
  if (buttons.length > TG_POPUP.buttonsMax) problems.push(`at most ${TG_POPUP.buttonsMax} buttons`);
  for (const b of buttons) {
    if (b.id.length > TG_POPUP.buttonIdMax) problems.push(`button id longer than ${TG_POPUP.buttonIdMax}`);
    const needsText = b.type === undefined || b.type === 'default' || b.type === 'destructive';
    const len = (b.text ?? '').length;
    if (needsText && (len < TG_POPUP.buttonTextMin || len > TG_POPUP.buttonTextMax)) problems.push(`button text must be ${TG_POPUP.buttonTextMin}–${TG_POPUP.buttonTextMax} characters`);
  }
  return problems;
}

export function assertPopup(params: PopupParams): PopupParams {
  const problems = popupProblems(params);
  if (problems.length) throw new RangeError(`Telegram popup: ${problems.join('; ')}`);
  return params;
}

/** `#rrggbb` or nothing: the only colour form Telegram's buttons accept. */
export const isPopupColor = (value: string | undefined | null): value is string => !!value && TG_POPUP.colorPattern.test(value);
