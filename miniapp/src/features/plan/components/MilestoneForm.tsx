// Adds a milestone: a name and a target date, on the form helper with the request's own schema.
import { createMilestoneSchema } from '@tracker/shared/api/milestones';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { planApi } from '../api.ts';

export default function MilestoneForm({ projectId, onDone }: { projectId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useServerForm(createMilestoneSchema, { name: '', targetDate: '', description: '' });
  const busy = form.formState.isSubmitting;
  const date = form.watch('targetDate');
  const dateError = form.errorFor('targetDate');
  const submit = form.submit(async (values) => {
    await planApi.createMilestone(projectId, values);
    toast({ title: t('plan.milestone.created'), color: 'success' });
    form.reset();
    onDone();
  });
  return (
    <form className="plan-form" noValidate aria-busy={busy} onSubmit={submit} data-testid="milestone-form" aria-label={t('plan.milestone.new')}>
      <FormAlert message={form.formError} />
      <TextField {...form.register('name')} label={t('plan.milestone.name')} maxLength={200} required autoComplete="off" error={form.errorFor('name')} data-testid="milestone-name" />
      <div className={`field${dateError ? ' field--error' : ''}`}>
        <label htmlFor="milestone-date">{t('plan.milestone.targetDate')}</label>
        <DateInput
          id="milestone-date"
          data-testid="milestone-date"
          value={date}
          onChange={(day) => form.setValue('targetDate', day, { shouldDirty: true })}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? 'milestone-date-error' : undefined}
        />
        {dateError && (
          <p id="milestone-date-error" className="field__error">
            {dateError}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" size="small" variant="primary" loading={busy} data-testid="milestone-create">
          {t('plan.milestone.create')}
        </Button>
      </div>
    </form>
  );
}
