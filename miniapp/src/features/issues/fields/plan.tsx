// Cycle and milestone: one of the project's, or none (issue 29). The options come from the store.
import type { Cycle } from '@tracker/shared/api/cycles';
import type { Milestone } from '@tracker/shared/api/milestones';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerItem } from '../../../components/picker/types.ts';
import { Muted } from '../../../components/picker/values.tsx';
import { cycleDays, cycleTitle, pickableCycles } from '../../../lib/cycles.ts';
import { formatDay } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { PickerField, type FieldProps } from './Field.tsx';

type PlanProps<T> = FieldProps<number | null> & { options: readonly T[]; placeholder?: string };

/** One of `items` or none, shown as `shown` (the chosen one's text) or the placeholder. */
function OneOrNone({ none, shown, placeholder, value, onChange, ...field }: FieldProps<number | null> & { label: string; none: string; shown: ReactNode | null; items: PickerItem[]; placeholder?: string }) {
  return (
    <PickerField
      {...field}
      display={shown ?? <Muted text={placeholder ?? none} />}
      data={{ 'data-value': value ?? '' }}
      none={none}
      noneSelected={value === null}
      isSelected={(item) => item.id === value}
      onPick={(item) => onChange(item ? Number(item.id) : null)}
    />
  );
}

export const CycleField = memo(function CycleField({ options, ...props }: PlanProps<Cycle>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const chosen = options.find((c) => c.id === props.value);
  const items = pickableCycles(options, props.value).map((c) => ({ id: c.id, text: cycleTitle(c, t), hint: cycleDays(c, locale) }));
  return <OneOrNone {...props} label={t('plan.cycle.title')} none={t('plan.cycle.none')} items={items} shown={chosen ? `${cycleTitle(chosen, t)} · ${cycleDays(chosen, locale)}` : null} />;
});

export const MilestoneField = memo(function MilestoneField({ options, ...props }: PlanProps<Milestone>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const chosen = options.find((m) => m.id === props.value);
  const items = options.map((m) => ({ id: m.id, text: m.name, hint: formatDay(m.targetDate, locale) }));
  return <OneOrNone {...props} label={t('plan.milestone.title')} none={t('plan.milestone.none')} items={items} shown={chosen ? `◆ ${chosen.name}` : null} />;
});
