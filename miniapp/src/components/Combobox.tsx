// A searchable combobox on downshift's useCombobox (the ARIA 1.2 pattern: type to search, ↑/↓ to
// move, Enter to pick, Escape to close, the highlighted option announced). The search is ours: it
// asks `load` after a short pause, and only the latest answer counts. Used by the project and stream
// people pickers (components/PeoplePicker.tsx) and the template search; an issue's own fields use
// components/picker/FieldPicker.tsx.
import { useCombobox } from 'downshift';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ComboItem {
  id: number | string;
  text: string;
  hint?: string;
}

interface Props<T extends ComboItem> {
  label: string;
  /** Hide the label visually (it still names the input). */
  hideLabel?: boolean;
  load: (query: string) => Promise<T[]>;
  onPick: (item: T) => void;
  placeholder?: string;
  testid: string;
  disabled?: boolean;
  error?: string;
  /** Text in the box when it is not being edited (the current value). */
  display?: string;
  /** Shown first in the list, e.g. "Unassigned". */
  extra?: T;
  render?: (item: T) => ReactNode;
  minChars?: number;
  /** Shown between the label and the box (e.g. the people already chosen). */
  before?: ReactNode;
  /** Backspace in an empty box (e.g. removes the last person chosen). */
  onEmptyBackspace?: () => void;
  emptyText?: string;
}

export function Combobox<T extends ComboItem>({ label, hideLabel, load, onPick, placeholder, testid, disabled, error, display = '', extra, render, minChars = 0, before, onEmptyBackspace, emptyText }: Props<T>) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [items, setItems] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  useEffect(() => {
    if (!open) return;
    const q = (query ?? '').trim();
    if (q.length < minChars) {
      setItems(extra ? [extra] : []);
      return;
    }
    const n = ++seq.current;
    setLoading(true);
    const timer = setTimeout(() => {
      load(q)
        .then((found) => n === seq.current && setItems(extra ? [extra, ...found] : found))
        .catch(() => n === seq.current && setItems(extra ? [extra] : []))
        .finally(() => n === seq.current && setLoading(false));
    }, 180);
    return () => clearTimeout(timer);
    // `load` and `extra` are new on every render; the query and open state drive the search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, open, minChars]);

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, openMenu } = useCombobox<T>({
    id,
    inputId: id,
    items,
    itemToString: (item) => item?.text ?? '',
    // The box shows the current value until the user types; a pick goes to the owner, who shows it.
    inputValue: query ?? display,
    selectedItem: null,
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setQuery(inputValue);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onPick(selectedItem);
    },
    onIsOpenChange: ({ isOpen: nowOpen }) => {
      setOpen(nowOpen);
      if (!nowOpen) setQuery(null);
    },
  });

  return (
    <div className={`combo field${error ? ' field--error' : ''}`}>
      <label {...getLabelProps()} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {before}
      <input
        {...getInputProps({
          onFocus: () => !isOpen && openMenu(),
          onKeyDown: (e) => e.key === 'Backspace' && !(query ?? display) && onEmptyBackspace?.(),
        })}
        type="text"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testid}
        disabled={disabled}
        placeholder={placeholder}
      />
      <ul {...getMenuProps({ 'aria-label': label })} className="combo__list" hidden={!isOpen} data-testid={`${testid}-options`}>
        {isOpen &&
          items.map((item, i) => (
            <li key={item.id} {...getItemProps({ item, index: i })} className="combo__option" aria-selected={i === highlightedIndex} data-testid={`${testid}-option`}>
              {render ? render(item) : item.text}
              {item.hint && <span className="muted combo__hint"> {item.hint}</span>}
            </li>
          ))}
        {isOpen && !items.length && <li className="combo__empty muted">{loading ? t('common.loading') : (emptyText ?? t('common.nothingFound'))}</li>}
      </ul>
      {error && (
        <p id={`${id}-error`} className="field__error" data-testid={`error-${testid}`}>
          {error}
        </p>
      )}
    </div>
  );
}
