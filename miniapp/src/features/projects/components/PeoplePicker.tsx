import type { UserRef } from '@tracker/shared/api/common';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usersApi } from '../api.ts';

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

/** A combobox over `GET /api/users?q=`: type, arrow through the listbox, Enter or click to pick. */
export function PeoplePicker({ label, selected, onChange, multiple = false, testId, error, disabled, exclude = [], ns = 'projects' }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<UserRef[]>([]);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      usersApi.search(query.trim(), ctrl.signal).then(
        (r) => {
          const taken = new Set([...selected.map((u) => u.id), ...exclude]);
          setOptions(r.users.filter((u) => !taken.has(u.id)));
          setActive(0);
        },
        () => undefined,
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [query, open, selected, exclude]);

  const pick = (user: UserRef) => {
    onChange(multiple ? [...selected, user] : [user]);
    setQuery('');
    setOpen(multiple);
    if (!multiple) input.current?.blur();
  };
  const remove = (userId: number) => onChange(selected.filter((u) => u.id !== userId));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape') {
      setOpen(false);
    } else if (e.key === 'Backspace' && !query && multiple && selected.length) {
      remove(selected[selected.length - 1]!.id);
    }
  };

  const listId = `${id}-list`;
  const showList = open && !disabled;
  return (
    <div className={`field people${error ? ' field--error' : ''}`} data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      {selected.length > 0 && (
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
      )}
      {(multiple || selected.length === 0) && (
        <div className="people__box">
          <input
            ref={input}
            id={id}
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && options[active] ? `${id}-opt-${options[active].id}` : undefined}
            aria-invalid={error ? true : undefined}
            autoComplete="off"
            placeholder={t(`${ns}.people.placeholder`)}
            value={query}
            disabled={disabled}
            data-testid={`${testId}-input`}
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={onKeyDown}
          />
          {showList && (
            <ul id={listId} role="listbox" className="people__list" aria-label={label}>
              {options.length === 0 && <li className="people__empty">{t(`${ns}.people.none`)}</li>}
              {options.map((u, i) => (
                <li
                  key={u.id}
                  id={`${id}-opt-${u.id}`}
                  role="option"
                  aria-selected={i === active}
                  className="people__option"
                  data-testid={`${testId}-option`}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(u)}
                >
                  {u.name}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
