// The app's in-app confirmation (platform/confirm.ts `confirmAction` on the web): an alertdialog on
// the shared modal, the safe choice focused, Escape cancels. Loaded by ConfirmHost when first asked.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { answerConfirm, confirmQueue } from '../platform/confirm.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export default function ConfirmDialog() {
  const { t } = useTranslation();
  const textId = useId();
  const ask = useSnapshot(confirmQueue).asks[0];
  if (!ask) return null;
  const { title, message, confirmText, cancelText, destructive } = ask.options;
  return (
    <Dialog
      key={ask.id}
      title={title ?? message}
      role="alertdialog"
      className="modal--small"
      titleClassName="modal__title"
      describedBy={title ? textId : undefined}
      testId="confirm-dialog"
      onClose={() => answerConfirm(ask.id, false)}
    >
      {title && <p id={textId}>{message}</p>}
      <div className="modal__actions">
        <Button size="small" onClick={() => answerConfirm(ask.id, false)} autoFocus data-testid="confirm-dialog-cancel">
          {cancelText ?? t('confirm.cancel')}
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} size="small" onClick={() => answerConfirm(ask.id, true)} data-testid="confirm-dialog-confirm">
          {confirmText}
        </Button>
      </div>
    </Dialog>
  );
}
