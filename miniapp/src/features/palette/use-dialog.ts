import { useEffect, useRef } from 'react';

/**
 * Opens a native modal <dialog> on mount (the browser traps focus and makes the page inert; Esc
 * fires `cancel`) and gives focus back to where it was when it closes.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    const onClick = (e: MouseEvent) => {
      if (e.target === dialog) close.current(); // a click on the backdrop
    };
    dialog?.addEventListener('cancel', onCancel);
    dialog?.addEventListener('click', onClick);
    return () => {
      dialog?.removeEventListener('cancel', onCancel);
      dialog?.removeEventListener('click', onClick);
      dialog?.close();
      before?.focus();
    };
  }, []);
  return ref;
}
