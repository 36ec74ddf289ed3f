// The pickers the fields are made of, without their labels: a person, options (one or several),
// an issue. The issue fields (picked.tsx) and the custom fields frame them with their own labels.
import type { UserRef } from '@tracker/shared/api/common';
import { useTranslation } from 'react-i18next';
import { FieldPicker } from '../../../components/picker/FieldPicker.tsx';
import { avatar, ChipsValue, dot, IconValue, Muted, type ColoredOption } from '../../../components/picker/values.tsx';
import { findIssues, findPeople, type IssueRefItem } from './search.ts';

/** What the field frame hands a picker: the button's id, its label's id, the error's id. */
export interface Framed {
  id: string;
  label: string;
  testid: string;
  disabled?: boolean;
  errorId?: string;
}

const frame = ({ id, ...rest }: Framed) => ({ id, labelledBy: `${id}-label`, ...rest });

/** One person or nobody; `placeholder` shows while the value is unknown (bulk edit of differing issues). */
export function PersonChoice({ value, onChange, noneText, placeholder, ...framed }: Framed & { value: UserRef | null | undefined; onChange: (u: UserRef | null) => void; noneText?: string; placeholder?: string }) {
  const { t } = useTranslation();
  const none = noneText ?? t('issues.common.nobody');
  return (
    <FieldPicker
      {...frame(framed)}
      display={value ? <IconValue icon={avatar(value.name)} text={value.name} /> : <Muted text={value === undefined && placeholder ? placeholder : none} />}
      data={{ 'data-value': value?.id ?? '' }}
      placeholder={t('issues.common.findPerson')}
      load={async (q) => (await findPeople(q)).map((p) => ({ ...p, icon: avatar(p.text) }))}
      none={none}
      noneSelected={value === null}
      isSelected={(item) => item.id === value?.id}
      onPick={(item) => onChange(item ? item.user : null)}
    />
  );
}

/** Several of the options, as chips; each choice adds or removes one and the list stays open. */
export function OptionsChoice({ options, value, onChange, ...framed }: Framed & { options: readonly ColoredOption[]; value: readonly number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  return (
    <FieldPicker
      {...frame(framed)}
      multiple
      data={{ 'data-value': value.join(',') }}
      display={<ChipsValue options={options.filter((o) => value.includes(o.id))} empty={t('issues.common.none')} />}
      placeholder={t('issues.common.find')}
      items={options.map((o) => ({ id: o.id, text: o.name, icon: dot(o.color) }))}
      emptyText={t('issues.common.noOptions')}
      isSelected={(item) => value.includes(item.id)}
      onPick={(item) => item && onChange(value.includes(item.id) ? value.filter((v) => v !== item.id) : [...value, item.id])}
    />
  );
}

/** One of the options, or none. */
export function OptionChoice({ options, value, onChange, ...framed }: Framed & { options: readonly ColoredOption[]; value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const chosen = options.find((o) => o.id === value);
  return (
    <FieldPicker
      {...frame(framed)}
      display={chosen ? <IconValue icon={dot(chosen.color)} text={chosen.name} /> : <Muted text={t('issues.common.none')} />}
      data={{ 'data-value': chosen?.id ?? '' }}
      placeholder={t('issues.common.find')}
      items={options.map((o) => ({ id: o.id, text: o.name, icon: dot(o.color) }))}
      none={t('issues.common.none')}
      noneSelected={chosen === undefined}
      isSelected={(item) => item.id === value}
      onPick={(item) => onChange(item ? item.id : null)}
    />
  );
}

/** An issue found by key or title; `display` is what the button shows (the current one, or an action). */
export function IssueChoice({ display, empty, excludeId, allowNone, currentKey, onPick, variant, ...framed }: Omit<Framed, 'id'> & { id?: string; display: string; empty?: string; excludeId?: number; allowNone?: boolean; currentKey?: string | null; onPick: (issue: IssueRefItem | null) => void; variant?: 'field' | 'link' }) {
  const { t } = useTranslation();
  return (
    <FieldPicker
      {...framed}
      labelledBy={framed.id && variant !== 'link' ? `${framed.id}-label` : undefined}
      variant={variant}
      display={display ? <span className="fpicker__text">{display}</span> : <Muted text={empty ?? t('issues.common.none')} />}
      data={{ 'data-value': currentKey ?? '' }}
      placeholder={t('issues.common.searchIssue')}
      minChars={1}
      load={(q) => findIssues(q, excludeId)}
      none={allowNone ? t('issues.common.none') : undefined}
      noneSelected={allowNone && !currentKey}
      isSelected={(item) => item.key === currentKey}
      onPick={onPick}
    />
  );
}
