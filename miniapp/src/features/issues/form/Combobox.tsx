// A small searchable combobox (ARIA 1.2 pattern): type to search, ↑/↓ to move, Enter to pick,
// Escape to close. Used by the people picker, the issue picker and the relation search.
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
}

export function Combobox<T extends ComboItem>({ label, hideLabel, load, onPick, placeholder, testid, disabled, error, display = '', extra, render, minChars = 0 }: Props<T>) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [items, setItems] = useState<T[]>([]);
  const [active, setActive] = useState(0);
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

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(0);
  };
  const pick = (item: T | undefined) => {
    if (!item) return;
    onPick(item);
    close();
  };
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <div className={`combo field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && items[active] ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testid}
        disabled={disabled}
        placeholder={placeholder}
        value={query ?? display}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(close, 150)}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, Math.max(items.length - 1, 0)));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && open && items[active]) {
            e.preventDefault();
            pick(items[active]);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            close();
          }
        }}
      />
      {open && (
        <ul id={listId} role="listbox" className="combo__list" aria-label={label} data-testid={`${testid}-options`}>
          {items.map((item, i) => (
            <li
              key={item.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="combo__option"
              data-testid={`${testid}-option`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(item)}
              onMouseEnter={() => setActive(i)}
            >
              {render ? render(item) : item.text}
              {item.hint && <span className="muted combo__hint"> {item.hint}</span>}
            </li>
          ))}
          {!items.length && <li className="combo__empty muted">{loading ? t('common.loading') : t('issues.common.nothingFound')}</li>}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" data-testid={`error-${testid}`}>
          {error}
        </p>
      )}
    </div>
  );
}
