// The app's in-app confirmation (platform/confirm.ts `confirmAction` on the web, and for questions
// Telegram's popup cannot ask): an alertdialog on the shared modal, the safe choice focused, Escape
// cancels. Loaded by ConfirmHost when first asked; nothing else renders it (lint).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { answerConfirm, confirmQueue, type ConfirmAsk } from '../platform/confirm.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export default function ConfirmDialog() {
  const ask = useSnapshot(confirmQueue).asks[0];
  // A new question starts with nothing typed and its own first choice.
  return ask ? <Question key={ask.id} ask={ask as ConfirmAsk} /> : null;
}

function Question({ ask }: { ask: ConfirmAsk }) {
  const { t } = useTranslation();
  const id = useId();
  const { title, message, confirmText, cancelText, destructive, confirmWord, choice } = ask.options;
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState(choice?.value ?? choice?.options[0]?.value ?? '');
  const ready = (confirmWord === undefined || typed.trim() === confirmWord) && (!choice || chosen !== '');
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (ready) answerConfirm(ask.id, choice ? chosen : true);
  };
  return (
    <Dialog
      title={title ?? message}
      role="alertdialog"
      className="modal--small"
      titleClassName="modal__title"
      describedBy={title ? `${id}-text` : undefined}
      testId="confirm-dialog"
      onClose={() => answerConfirm(ask.id, false)}
    >
      <form className="confirm-dialog" onSubmit={confirm} noValidate>
        {title && <p id={`${id}-text`}>{message}</p>}
        {choice && (
          <div className="field">
            <label htmlFor={`${id}-choice`}>{choice.label}</label>
            <select id={`${id}-choice`} value={chosen} onChange={(e) => setChosen(e.target.value)} data-testid="confirm-dialog-choice">
              {choice.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {confirmWord !== undefined && (
          <div className="field">
            <label htmlFor={`${id}-word`}>{t('confirm.typeToConfirm', { word: confirmWord })}</label>
            <input id={`${id}-word`} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} data-testid="confirm-dialog-word" />
          </div>
        )}
        <div className="modal__actions">
          <Button size="small" onClick={() => answerConfirm(ask.id, false)} autoFocus data-testid="confirm-dialog-cancel">
            {cancelText ?? t('confirm.cancel')}
          </Button>
          <Button type="submit" variant={destructive ? 'danger' : 'primary'} size="small" disabled={!ready} data-testid="confirm-dialog-confirm">
            {confirmText}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
