// One accessible modal for the whole app, on Radix's Dialog (already in the first load: Telegram UI's
// drawer is built on it). It traps focus, hides the page behind from assistive technology, locks its
// scroll, is labelled by its title, closes on Escape by asking the owner, and gives focus back to where
// it was. A field with `autoFocus` inside takes the first focus.
import * as Radix from '@radix-ui/react-dialog';
import { setNonce } from 'get-nonce';
import { useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { pageNonce } from '../lib/boot-data.ts';
import { MODAL_CLASS } from '../lib/page-keys.ts';

// The scroll lock writes a <style> element: the page's CSP lets it through by the page's nonce.
const nonce = pageNonce();
if (nonce) setNonce(nonce);

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
  const keepOpen = (e: Event) => {
    if (!closeOnBackdrop) e.preventDefault();
  };
  // Radix gives focus back only to its own Trigger, which this dialog has none of: the element focused
  // when it opened gets it back, if it is still on the page. Read as the dialog mounts open (before a
  // field's autoFocus moves the focus in), or as Radix is about to move it in on a later opening.
  const [focusedAtMount] = useState(() => (open && typeof document !== 'undefined' ? document.activeElement : null));
  const returnTo = useRef<Element | null>(focusedAtMount);
  const giveBack = (e: Event) => {
    const to = returnTo.current;
    returnTo.current = null;
    // Not when something has taken the focus since (the page the dialog navigated to).
    const now = document.activeElement;
    if (!(to instanceof HTMLElement) || !to.isConnected || (now && now !== document.body)) return;
    e.preventDefault();
    to.focus();
  };
  return (
    <Radix.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Radix.Portal>
        <Radix.Overlay className={className?.includes('modal--small') ? 'modal-overlay modal-overlay--small' : 'modal-overlay'} />
        <Radix.Content
          className={className ? `${MODAL_CLASS} ${className}` : MODAL_CLASS}
          role={role}
          aria-describedby={describedBy}
          data-testid={testId}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          onEscapeKeyDown={closePopupFirst}
          onOpenAutoFocus={() => (returnTo.current = document.activeElement)}
          onCloseAutoFocus={giveBack}
        >
          {title !== undefined && <DialogTitle className={titleClassName}>{title}</DialogTitle>}
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** Escape in a field whose own list is open (a combobox, a mention list) closes that list, not the dialog. */
function closePopupFirst(e: KeyboardEvent) {
  if (e.target instanceof HTMLElement && e.target.getAttribute('aria-expanded') === 'true') e.preventDefault();
}

/** The dialog's title, wherever it sits inside (e.g. inside a form); the dialog is labelled by it. */
export function DialogTitle({ children, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  return <Radix.Title {...rest}>{children}</Radix.Title>;
}
