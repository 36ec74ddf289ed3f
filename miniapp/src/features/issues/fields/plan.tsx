// Cycle and milestone: one of the project's, or none (issue 29). The options come from the store.
import type { Cycle } from '@tracker/shared/api/cycles';
import type { Milestone } from '@tracker/shared/api/milestones';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldPicker } from '../../../components/picker/FieldPicker.tsx';
import { Muted } from '../../../components/picker/values.tsx';
import { cycleDays, cycleTitle, pickableCycles } from '../../../lib/cycles.ts';
import { formatDay, today } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { errorIdOf, Field, type FieldProps } from './Field.tsx';

type PlanProps<T> = FieldProps<number | null> & { options: readonly T[]; placeholder?: string };

export const CycleField = memo(function CycleField({ options, value, onChange, testid, error, disabled, placeholder }: PlanProps<Cycle>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const label = t('plan.cycle.title');
  const items = pickableCycles(options, today(), value).map((c) => ({ id: c.id, text: cycleTitle(c, t), hint: cycleDays(c, locale) }));
  const chosen = options.find((c) => c.id === value);
  return (
    <Field id={id} label={label} testid={testid} error={error}>
      <FieldPicker
        id={id}
        labelledBy={`${id}-label`}
        label={label}
        testid={testid}
        display={chosen ? `${cycleTitle(chosen, t)} · ${cycleDays(chosen, locale)}` : <Muted text={placeholder ?? t('plan.cycle.none')} />}
        disabled={disabled}
        errorId={errorIdOf(id, error)}
        data={{ 'data-value': value ?? '' }}
        placeholder={t('issues.common.find')}
        items={items}
        none={t('plan.cycle.none')}
        noneSelected={value === null}
        isSelected={(item) => item.id === value}
        onPick={(item) => onChange(item ? Number(item.id) : null)}
      />
    </Field>
  );
});

export const MilestoneField = memo(function MilestoneField({ options, value, onChange, testid, error, disabled, placeholder }: PlanProps<Milestone>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const label = t('plan.milestone.title');
  const chosen = options.find((m) => m.id === value);
  return (
    <Field id={id} label={label} testid={testid} error={error}>
      <FieldPicker
        id={id}
        labelledBy={`${id}-label`}
        label={label}
        testid={testid}
        display={chosen ? `◆ ${chosen.name}` : <Muted text={placeholder ?? t('plan.milestone.none')} />}
        disabled={disabled}
        errorId={errorIdOf(id, error)}
        data={{ 'data-value': value ?? '' }}
        placeholder={t('issues.common.find')}
        items={options.map((m) => ({ id: m.id, text: m.name, hint: formatDay(m.targetDate, locale) }))}
        none={t('plan.milestone.none')}
        noneSelected={value === null}
        isSelected={(item) => item.id === value}
        onPick={(item) => onChange(item ? Number(item.id) : null)}
      />
    </Field>
  );
});
