// People for a project or stream (lead, members): the shared combobox over `GET /api/users?q=`, the
// chosen ones as removable chips.
import type { UserRef } from '@tracker/shared/api/common';
import { useTranslation } from 'react-i18next';
import { Combobox, type ComboItem } from './Combobox.tsx';
import { usersApi } from '../lib/api/people.ts';

interface Props {
  label: string;
  selected: readonly UserRef[];
  onChange: (next: UserRef[]) => void;
  /** One person (lead) or many (members). */
  multiple?: boolean;
  testId: string;
  error?: string;
  disabled?: boolean;
  /** Hides people already taken elsewhere (e.g. current members). */
  exclude?: readonly number[];
  /** Namespace holding `people.*` texts (the page's own, loaded with it). */
  ns?: 'projects' | 'streams';
}

interface Person extends ComboItem {
  user: UserRef;
}

export function PeoplePicker({ label, selected, onChange, multiple = false, testId, error, disabled, exclude = [], ns = 'projects' }: Props) {
  const { t } = useTranslation();
  const remove = (userId: number) => onChange(selected.filter((u) => u.id !== userId));
  const chips = selected.length > 0 && (
    <ul className="chips" aria-label={label}>
      {selected.map((u) => (
        <li key={u.id} className="chip" data-testid={`${testId}-chip`}>
          <span>{u.name}</span>
          {!disabled && (
            <button type="button" className="chip__x" aria-label={t(`${ns}.people.remove`, { name: u.name })} onClick={() => remove(u.id)}>
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );

  if (!multiple && selected.length > 0) {
    return (
      <div className={`field people${error ? ' field--error' : ''}`} data-testid={testId}>
        <span className="field__label">{label}</span>
        {chips}
        {error && <p className="field__error">{error}</p>}
      </div>
    );
  }
  const last = selected[selected.length - 1];
  return (
    <div className="people" data-testid={testId}>
      <Combobox<Person>
        label={label}
        before={chips}
        testid={`${testId}-input`}
        disabled={disabled}
        error={error}
        placeholder={t(`${ns}.people.placeholder`)}
        emptyText={t(`${ns}.people.none`)}
        load={async (q) => {
          const taken = new Set([...selected.map((u) => u.id), ...exclude]);
          const { users } = await usersApi.search(q);
          return users.filter((u) => !taken.has(u.id)).map((u) => ({ id: u.id, text: u.name, user: u }));
        }}
        onPick={(item) => onChange(multiple ? [...selected, item.user] : [item.user])}
        onEmptyBackspace={multiple && last ? () => remove(last.id) : undefined}
      />
    </div>
  );
}
