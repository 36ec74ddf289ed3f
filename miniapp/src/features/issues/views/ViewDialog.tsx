// Saving the list's filters as a view, or renaming one: a name, and for a new view whether the
// project's members share it. A lazy chunk: the form's schema (zod) loads with it.
import { createSavedViewSchema } from '@tracker/shared/api/views';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Dialog, DialogTitle } from '../../../components/Dialog.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useServerForm } from '../../../lib/use-server-form.ts';
import type { SavedView } from '../api.ts';

export type Editing = { mode: 'create' } | { mode: 'rename'; view: SavedView };

const viewFormSchema = createSavedViewSchema.pick({ name: true }).extend({ shared: z.boolean().default(false) }); // a disabled box sends nothing

export default function ViewDialog({ editing, projectId, projectName, onClose, onSave }: { editing: Editing; projectId: number | null; projectName: string | null; onClose: () => void; onSave: (name: string, shared: boolean) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useServerForm(viewFormSchema, { name: editing.mode === 'rename' ? editing.view.name : '', shared: false });
  const busy = form.formState.isSubmitting;

  return (
    <Dialog className="view-dialog" onClose={onClose} testId="view-dialog">
      <form className="form" onSubmit={form.submit(({ name, shared }) => onSave(name, shared))} noValidate aria-busy={busy}>
        <DialogTitle>{editing.mode === 'create' ? t('issues.views.saveTitle') : t('issues.views.renameTitle')}</DialogTitle>
        <TextField {...form.register('name')} label={t('issues.views.name')} autoFocus maxLength={100} error={form.errorFor('name')} data-testid="view-name" />
        {editing.mode === 'create' && (
          <label className="view-dialog__check">
            <input type="checkbox" {...form.register('shared')} disabled={projectId === null} data-testid="view-shared" />
            {projectId === null ? t('issues.views.shareNeedsProject') : t('issues.views.shareWith', { project: projectName ?? '' })}
          </label>
        )}
        <FormAlert message={form.formError} />
        <div className="view-dialog__actions">
          <Button onClick={onClose}>{t('issues.views.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={busy} data-testid="view-submit">
            {t('issues.views.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
