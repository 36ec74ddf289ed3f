import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A confirmation on the native <dialog> (focus trapped, Escape cancels); the safe choice has focus. */
export function ConfirmDialog(props: { title: string; text: string; confirm: string; danger?: boolean; busy?: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="cf-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="cf-confirm"
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <p id={textId}>{props.text}</p>
      <div className="cf-dialog__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={props.onCancel} autoFocus data-testid="cf-confirm-cancel">
          {t('customFields.cancel')}
        </button>
        <button type="button" className={`btn btn--small ${props.danger ? 'cf-btn--danger' : 'btn--primary'}`} disabled={props.busy} onClick={props.onConfirm} data-testid="cf-confirm-ok">
          {props.confirm}
        </button>
      </div>
    </dialog>
  );
}
