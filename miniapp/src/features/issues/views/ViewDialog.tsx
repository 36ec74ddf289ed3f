// Saving the list's filters as a view, or renaming one: a name, and for a new view whether the
// project's members share it.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Dialog, DialogTitle } from '../../../components/Dialog.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import type { SavedView } from '../api.ts';
import { formErrorsFrom } from '../../../lib/form-errors.ts';

export type Editing = { mode: 'create' } | { mode: 'rename'; view: SavedView };

export default function ViewDialog({ editing, projectId, projectName, onClose, onSave }: { editing: Editing; projectId: number | null; projectName: string | null; onClose: () => void; onSave: (name: string, shared: boolean) => Promise<void> }) {
  const { t } = useTranslation();
  const [name, setName] = useState(editing.mode === 'rename' ? editing.view.name : '');
  const [shared, setShared] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const nameId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      await onSave(name, shared);
    } catch (err) {
      const refused = formErrorsFrom(err, ['name'], t);
      setFieldError(refused.fields.name ?? null);
      setError(refused.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog className="view-dialog" onClose={onClose} testId="view-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <DialogTitle>{editing.mode === 'create' ? t('issues.views.saveTitle') : t('issues.views.renameTitle')}</DialogTitle>
        <div className={`field${fieldError ? ' field--error' : ''}`}>
          <label htmlFor={nameId}>{t('issues.views.name')}</label>
          <input id={nameId} name="name" value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={100} aria-invalid={fieldError ? true : undefined} data-testid="view-name" />
          {fieldError && (
            <p className="field__error" data-testid="error-name">
              {fieldError}
            </p>
          )}
        </div>
        {editing.mode === 'create' && (
          <label className="view-dialog__check">
            <input type="checkbox" checked={shared} disabled={projectId === null} onChange={(e) => setShared(e.target.checked)} data-testid="view-shared" />
            {projectId === null ? t('issues.views.shareNeedsProject') : t('issues.views.shareWith', { project: projectName ?? '' })}
          </label>
        )}
        <FormAlert message={error} />
        <div className="view-dialog__actions">
          <Button onClick={onClose}>
            {t('issues.views.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy} data-testid="view-submit">
            {t('issues.views.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
