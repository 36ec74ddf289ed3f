// One rule for the page's one-key shortcuts (palette, create, sidebar, list, peek, issue page): they
// wait while the user types into a field, while someone else took the key, and while a modal is open.

/** Typing into a field: a text input, a text area, a select or editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((target as HTMLInputElement).type);
}

/** The class components/Dialog.tsx puts on every modal's content. */
export const MODAL_CLASS = 'modal';

export function modalOpen(): boolean {
  return typeof document !== 'undefined' && document.querySelector(`.${MODAL_CLASS}`) !== null;
}

/**
 * Closes the topmost modal as Escape does (Radix listens for it on the document, and the dialog's
 * owner decides: a dirty form asks first; an open list inside closes before the dialog).
 */
export function closeTopModal(): void {
  const at = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
  at.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
}

/** A key the page's shortcuts may take. */
export function isPageKey(e: KeyboardEvent): boolean {
  return !e.defaultPrevented && !isTypingTarget(e.target) && !modalOpen();
}
