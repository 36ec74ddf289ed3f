// One accessible modal for the whole app, on the native <dialog>: showModal() traps focus and makes
// the page behind inert; it is role="dialog" + aria-modal, labelled by its title; Escape (the
// `cancel` event) asks the owner to close; focus goes back to where it was when it closes.
import { createContext, useContext, useEffect, useId, useRef, type HTMLAttributes, type ReactNode } from 'react';

const TitleId = createContext<string | undefined>(undefined);

interface Props {
  /** Rendered as the first child (an <h2>); omit it and put a <DialogTitle> inside instead. */
  title?: ReactNode;
  titleClassName?: string;
  /** Kept mounted and toggled (default: open while mounted). */
  open?: boolean;
  onClose: () => void;
  /** A click on the backdrop closes too. */
  closeOnBackdrop?: boolean;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  testId?: string;
  describedBy?: string;
  children?: ReactNode;
}

export function Dialog({ title, titleClassName, open = true, onClose, closeOnBackdrop, role = 'dialog', className, testId, describedBy, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    // The browser may close it without a cancelable `cancel` (a repeated Escape): tell the owner.
    const onNativeClose = () => close.current();
    const onClick = (e: MouseEvent) => {
      if (closeOnBackdrop && e.target === dialog) close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('click', onClick);
      if (dialog.open) dialog.close();
      if (before?.isConnected) before.focus();
    };
  }, [open, closeOnBackdrop]);

  return (
    <dialog ref={ref} className={className ? `modal ${className}` : 'modal'} role={role} aria-modal="true" aria-labelledby={titleId} aria-describedby={describedBy} data-testid={testId}>
      <TitleId.Provider value={titleId}>
        {title !== undefined && <DialogTitle className={titleClassName}>{title}</DialogTitle>}
        {children}
      </TitleId.Provider>
    </dialog>
  );
}

/** The dialog's title, wherever it sits inside (e.g. inside a form); the dialog is labelled by it. */
export function DialogTitle({ children, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  const id = useContext(TitleId);
  return (
    <h2 {...rest} id={id}>
      {children}
    </h2>
  );
}
