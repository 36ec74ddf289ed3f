// Assignee, labels, streams and the parent: the shared pickers (choices.tsx), each with its label.
import type { UserRef } from '@tracker/shared/api/common';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColoredOption } from '../../../components/picker/values.tsx';
import { IssueChoice, OptionsChoice, PersonChoice } from './choices.tsx';
import { errorIdOf, Field, type FieldProps } from './Field.tsx';
import type { IssueRefItem } from './search.ts';

/** `placeholder`: shown while the value is unknown (`undefined`: bulk edit of issues assigned differently). */
// The fields are memoised: on the issue page an edit renders again only the fields it changed.
export const AssigneeField = memo(function AssigneeField({ value, onChange, testid, error, disabled, placeholder }: FieldProps<UserRef | null | undefined, UserRef | null> & { placeholder?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const label = t('issues.form.assignee');
  return (
    <Field id={id} label={label} testid={testid} error={error}>
      <PersonChoice id={id} label={label} testid={testid} disabled={disabled} errorId={errorIdOf(id, error)} value={value} placeholder={placeholder} onChange={onChange} />
    </Field>
  );
});

type OptionsProps = FieldProps<readonly number[], number[]> & { options: readonly ColoredOption[] };

function OptionsField({ label, options, value, onChange, testid, error, disabled }: OptionsProps & { label: string }) {
  const id = useId();
  return (
    <Field id={id} label={label} testid={testid} error={error}>
      <OptionsChoice id={id} label={label} testid={testid} disabled={disabled} errorId={errorIdOf(id, error)} options={options} value={value} onChange={onChange} />
    </Field>
  );
}

export const LabelsField = memo(function LabelsField(props: OptionsProps) {
  const { t } = useTranslation();
  return <OptionsField label={t('issues.form.labels')} {...props} />;
});

export const StreamsField = memo(function StreamsField(props: OptionsProps) {
  const { t } = useTranslation();
  return <OptionsField label={t('issues.form.streams')} {...props} />;
});

export interface ParentRef {
  key: string;
  title: string;
}

/** The issue picker has no disabled state: where the parent may not change, it is not shown. */
export function ParentField({ value, onChange, testid, error, excludeId }: Omit<FieldProps<ParentRef | null, IssueRefItem | null>, 'disabled'> & { excludeId?: number }) {
  const { t } = useTranslation();
  const id = useId();
  const label = t('issues.form.parent');
  return (
    <Field id={id} label={label} testid={testid} error={error}>
      <IssueChoice
        id={id}
        label={label}
        testid={testid}
        errorId={errorIdOf(id, error)}
        allowNone
        currentKey={value?.key ?? null}
        excludeId={excludeId}
        display={value ? `${value.key} ${value.title}` : ''}
        onPick={onChange}
      />
    </Field>
  );
}
