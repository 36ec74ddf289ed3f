import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { usePopupConfirm } from '../../../platform/confirm.ts';

/** A confirmation (an alertdialog: focus trapped, Escape cancels); the safe choice has focus. */
export function ConfirmDialog(props: { title: string; text: string; confirm: string; danger?: boolean; busy?: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const textId = useId();
  // Inside Telegram its own popup asks instead.
  const popup = usePopupConfirm(true, { title: props.title, message: props.text, confirmText: props.confirm, destructive: props.danger }, (ok) => (ok ? props.onConfirm() : props.onCancel()));
  if (popup) return null;
  return (
    <Dialog title={props.title} role="alertdialog" className="modal--small" titleClassName="modal__title" describedBy={textId} testId="cf-confirm" onClose={props.onCancel}>
      <p id={textId}>{props.text}</p>
      <div className="modal__actions">
        <Button size="small" onClick={props.onCancel} autoFocus data-testid="cf-confirm-cancel">
          {t('customFields.cancel')}
        </Button>
        <Button variant={props.danger ? 'danger' : 'primary'} size="small" disabled={props.busy} onClick={props.onConfirm} data-testid="cf-confirm-ok">
          {props.confirm}
        </Button>
      </div>
    </Dialog>
  );
}
