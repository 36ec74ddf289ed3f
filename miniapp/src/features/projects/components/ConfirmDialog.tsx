import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Dialog, DialogTitle } from '../../../components/Dialog.tsx';
import { usePopupConfirm } from '../../../platform/confirm.ts';

interface Props {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The question as plain text: inside Telegram its popup asks it instead of this dialog (not with `confirmWord`). */
  message?: string;
  confirmLabel: string;
  /** When set, the confirm button stays disabled until this exact word is typed. */
  confirmWord?: string;
  danger?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
  ns?: 'projects' | 'streams';
}

/** A confirmation on the shared modal (focus kept inside, Esc closes), optionally guarded by a typed word. */
export function ConfirmDialog({ open, title, children, message, confirmLabel, confirmWord, danger, error, onConfirm, onClose, testId = 'confirm-dialog', ns = 'projects' }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);

  // A failed action shows its error in the page's dialog, also inside Telegram.
  const popup = usePopupConfirm(open && !error, message && !confirmWord ? { title: message === title ? undefined : title, message, confirmText: confirmLabel, destructive: danger } : null, (ok) => (ok ? onConfirm() : onClose()));
  const ready = !confirmWord || typed.trim() === confirmWord;
  if (popup && !error) return null;
  return (
    <Dialog open={open} className="dialog" onClose={onClose} testId={testId}>
      <form
        method="dialog"
        className="dialog__body"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onConfirm();
        }}
      >
        <DialogTitle className="dialog__title">{title}</DialogTitle>
        {children}
        {confirmWord && (
          <div className="field">
            <label htmlFor={`${id}-word`}>{t(`${ns}.dialog.typeToConfirm`, { word: confirmWord })}</label>
            <input id={`${id}-word`} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} data-testid={`${testId}-input`} />
          </div>
        )}
        {error && (
          <p role="alert" className="form-alert">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <Button size="small" onClick={onClose}>
            {t(`${ns}.dialog.cancel`)}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} size="small" disabled={!ready} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
