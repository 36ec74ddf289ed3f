// Pickers shared by the issue page and the form: people, issues, and a multi-select of options.
import type { UserRef } from '@tracker/shared/api/common';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueApi, lookupApi } from '../../../lib/api/issue-detail.ts';
import { Combobox, type ComboItem } from '../../../components/Combobox.tsx';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { Popover } from '../../../components/Popover.tsx';

interface PersonItem extends ComboItem {
  user: UserRef | null;
}

export function PeoplePicker(props: {
  label: string;
  value: UserRef | null;
  onChange: (user: UserRef | null) => void;
  testid: string;
  disabled?: boolean;
  error?: string;
  hideLabel?: boolean;
  noneText?: string;
}) {
  const { t } = useTranslation();
  const none = props.noneText ?? t('issues.common.nobody');
  return (
    <Combobox<PersonItem>
      label={props.label}
      hideLabel={props.hideLabel}
      testid={props.testid}
      disabled={props.disabled}
      error={props.error}
      display={props.value?.name ?? ''}
      placeholder={none}
      extra={{ id: 'none', text: none, user: null }}
      load={async (q) => {
        const users = await lookupApi.users(q);
        return users.map((u) => ({ id: u.id, text: u.name, user: u }));
      }}
      onPick={(item) => props.onChange(item.user)}
    />
  );
}

export interface IssueRefItem extends ComboItem {
  issueId: number;
  key: string;
  title: string;
}

export function IssuePicker(props: { label: string; onPick: (issue: IssueRefItem | null) => void; testid: string; display?: string; allowNone?: boolean; excludeId?: number; error?: string; hideLabel?: boolean }) {
  const { t } = useTranslation();
  return (
    <Combobox<IssueRefItem>
      label={props.label}
      hideLabel={props.hideLabel}
      testid={props.testid}
      error={props.error}
      display={props.display}
      placeholder={t('issues.common.searchIssue')}
      minChars={1}
      extra={props.allowNone ? { id: 'none', text: t('issues.common.none'), issueId: 0, key: '', title: '' } : undefined}
      load={async (q) => {
        const found = await issueApi.search(q);
        return found.issues.filter((i) => i.id !== props.excludeId).map((i) => ({ id: i.id, issueId: i.id, key: i.key, title: i.title, text: `${i.key} ${i.title}` }));
      }}
      onPick={(item) => props.onPick(item.issueId ? item : null)}
    />
  );
}

export interface Option {
  id: number;
  name: string;
  color?: string;
}

/** A button that opens a list of checkboxes; the chosen options show as chips in it. */
export function MultiSelect(props: { label: string; options: readonly Option[]; value: readonly number[]; onChange: (ids: number[]) => void; testid: string; disabled?: boolean; error?: string; hideLabel?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const chosen = props.options.filter((o) => props.value.includes(o.id));
  const toggle = (optionId: number) => props.onChange(props.value.includes(optionId) ? props.value.filter((v) => v !== optionId) : [...props.value, optionId]);
  const trigger = (
    <button type="button" className="multi__button" aria-labelledby={`${id}-label ${id}-value`} data-testid={props.testid} disabled={props.disabled}>
      <span id={`${id}-value`} className="chips">
        {chosen.length ? chosen.map((o) => <Chip key={o.id} option={o} />) : <span className="muted">{t('issues.common.none')}</span>}
      </span>
      <span aria-hidden="true" className="multi__caret">▾</span>
    </button>
  );
  return (
    <div className={`multi field${props.error ? ' field--error' : ''}`}>
      <span id={`${id}-label`} className={props.hideLabel ? 'visually-hidden' : 'field__label'}>
        {props.label}
      </span>
      <Popover open={open} onOpenChange={setOpen} trigger={trigger} label={props.label} className="multi__panel" testId={`${props.testid}-panel`}>
        {props.options.length === 0 && <p className="muted">{t('issues.common.noOptions')}</p>}
        {props.options.map((o) => (
          <label key={o.id} className="multi__option">
            <input type="checkbox" checked={props.value.includes(o.id)} onChange={() => toggle(o.id)} data-testid={`${props.testid}-option`} />
            {o.color && <ColorDot color={o.color} />}
            {o.name}
          </label>
        ))}
      </Popover>
      {props.error && <p className="field__error">{props.error}</p>}
    </div>
  );
}

export function Chip({ option }: { option: Option }) {
  return (
    <span className="chip">
      {option.color && <ColorDot color={option.color} />}
      {option.name}
    </span>
  );
}
