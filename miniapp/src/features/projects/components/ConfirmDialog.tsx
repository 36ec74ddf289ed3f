import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  children?: ReactNode;
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

/** A modal on the native <dialog> (focus kept inside, Esc closes). */
export function ConfirmDialog({ open, title, children, confirmLabel, confirmWord, danger, error, onConfirm, onClose, testId = 'confirm-dialog', ns = 'projects' }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [typed, setTyped] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setTyped('');
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const ready = !confirmWord || typed.trim() === confirmWord;
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${id}-title`} onClose={onClose} data-testid={testId}>
      <form
        method="dialog"
        className="dialog__body"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onConfirm();
        }}
      >
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
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
          <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
            {t(`${ns}.dialog.cancel`)}
          </button>
          <button type="submit" className={`btn btn--small ${danger ? 'btn--danger' : 'btn--primary'}`} disabled={!ready} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
