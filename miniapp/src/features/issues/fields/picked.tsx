// Assignee, labels, streams and the parent: the shared pickers (form/pickers.tsx), each with its label.
import type { UserRef } from '@tracker/shared/api/common';
import { useTranslation } from 'react-i18next';
import { IssuePicker, MultiSelect, PeoplePicker, type IssueRefItem, type Option } from '../form/pickers.tsx';
import type { FieldProps } from './Field.tsx';

export function AssigneeField(props: FieldProps<UserRef | null>) {
  const { t } = useTranslation();
  return <PeoplePicker label={t('issues.form.assignee')} {...props} />;
}

type OptionsProps = FieldProps<readonly number[], number[]> & { options: readonly Option[] };

export function LabelsField(props: OptionsProps) {
  const { t } = useTranslation();
  return <MultiSelect label={t('issues.form.labels')} {...props} />;
}

export function StreamsField(props: OptionsProps) {
  const { t } = useTranslation();
  return <MultiSelect label={t('issues.form.streams')} {...props} />;
}

export interface ParentRef {
  key: string;
  title: string;
}

/** The issue picker has no disabled state: where the parent may not change, it is not shown. */
export function ParentField({ label, excludeId, value, onChange, testid, error }: Omit<FieldProps<ParentRef | null, IssueRefItem | null>, 'disabled'> & { label?: string; excludeId?: number }) {
  const { t } = useTranslation();
  return (
    <IssuePicker
      label={label ?? t('issues.form.parent')}
      testid={testid}
      allowNone
      excludeId={excludeId}
      display={value ? `${value.key} ${value.title}` : ''}
      error={error}
      onPick={onChange}
    />
  );
}
