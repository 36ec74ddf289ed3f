// Re-dating, renaming and deleting a milestone, for whoever plans the project: each change is saved
// as it is made (a blur, a day picked), like the issue page's fields.
import type { MilestoneProgress } from '@tracker/shared/api/milestones';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toasts.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { planApi } from '../api.ts';

export function MilestoneActions({ milestone, onChanged, onDeleted }: { milestone: MilestoneProgress; onChanged: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, done: () => void) => {
    setError(null);
    try {
      await action();
      done();
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const remove = async () => {
    const ok = await confirmAction({ title: t('plan.milestone.delete'), message: t('plan.milestone.deleteConfirm', { name: milestone.name }), confirmText: t('plan.milestone.delete'), destructive: true });
    if (ok) await run(() => planApi.removeMilestone(milestone.id), () => (toast({ title: t('plan.milestone.deleted'), color: 'success' }), onDeleted()));
  };

  return (
    <div className="plan-form" data-testid="milestone-actions">
      <label htmlFor={`${id}-name`}>{t('plan.milestone.name')}</label>
      <input
        id={`${id}-name`}
        defaultValue={milestone.name}
        maxLength={200}
        data-testid="milestone-rename"
        onBlur={(e) => {
          const name = e.target.value.trim();
          if (name && name !== milestone.name) void run(() => planApi.updateMilestone(milestone.id, { name }), onChanged);
        }}
      />
      <label htmlFor={`${id}-date`}>{t('plan.milestone.targetDate')}</label>
      <DateInput
        id={`${id}-date`}
        value={milestone.targetDate}
        data-testid="milestone-redate"
        onChange={(day) => {
          if (day && day !== milestone.targetDate) void run(() => planApi.updateMilestone(milestone.id, { targetDate: day }), onChanged);
        }}
      />
      <FormAlert message={error} />
      <div>
        <Button size="small" variant="danger-secondary" onClick={() => void remove()} data-testid="milestone-delete">
          {t('plan.milestone.delete')}
        </Button>
      </div>
    </div>
  );
}
