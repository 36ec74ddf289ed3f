// The open picker: a search box that owns the keyboard (WAI-ARIA's combobox with a listbox popup:
// focus stays in the box, aria-activedescendant names the highlighted option) above the options.
// ↑/↓ move, Enter picks, typing filters; Escape and clicks outside are the popover's.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fold } from './filter.ts';
import type { PickerItem } from './types.ts';
import { usePickerItems, type Source } from './use-picker-items.ts';

export interface PanelProps<T extends PickerItem> extends Source<T> {
  /** Names the search box and the list. */
  label: string;
  testid: string;
  placeholder?: string;
  multiple?: boolean;
  /** The "None" entry's text, first in the list, where the field may be empty. */
  none?: string;
  /** Shown when there is nothing to choose from at all (no query typed). */
  emptyText?: string;
  isSelected: (item: T) => boolean;
  noneSelected?: boolean;
  onPick: (item: T | null) => void;
}

export function PickerPanel<T extends PickerItem>({ label, testid, placeholder, multiple, none, emptyText, isSelected, noneSelected, onPick, ...source }: PanelProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const { list, loading } = usePickerItems(source, query);
  const noneItem = none !== undefined && (!query.trim() || fold(none).includes(fold(query.trim()))) ? [{ id: '', text: none } as PickerItem] : [];
  const rows: (PickerItem | T)[] = [...noneItem, ...list];
  const selected = (item: PickerItem | T) => (item === noneItem[0] ? !!noneSelected : isSelected(item as T));
  // Opens on the current value; a new query starts from the top.
  const [active, setActive] = useState(() => Math.max(0, rows.findIndex(selected)));
  const [shownFor, setShownFor] = useState(query);
  if (shownFor !== query) {
    setShownFor(query);
    setActive(0);
  }
  const at = Math.min(active, rows.length - 1);
  const list$ = useRef<HTMLUListElement>(null);
  const optionId = (i: number) => `${id}-o${i}`;

  useEffect(() => {
    if (at >= 0) list$.current?.querySelector(`#${CSS.escape(optionId(at))}`)?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at]);

  const pick = (item: PickerItem | T) => onPick(item === noneItem[0] ? null : (item as T));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step && rows.length) {
      e.preventDefault();
      setActive((at + step + rows.length) % rows.length);
    } else if (e.key === 'Enter') {
      // Never the form's submit: Enter in the box is a choice.
      e.preventDefault();
      if (rows[at]) pick(rows[at]);
    }
  };

  const empty = !rows.length;
  return (
    <div className="fpicker__panel-body">
      <input
        type="text"
        role="combobox"
        className="fpicker__search"
        aria-label={label}
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={empty ? undefined : optionId(at)}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid={`${testid}-search`}
      />
      <ul ref={list$} id={`${id}-list`} role="listbox" aria-label={label} aria-multiselectable={multiple || undefined} className="fpicker__list" hidden={empty} data-testid={`${testid}-options`}>
        {rows.map((item, i) => (
          <li
            key={`${item.id}`}
            id={optionId(i)}
            role="option"
            aria-selected={selected(item)}
            className={`fpicker__option${i === at ? ' fpicker__option--active' : ''}`}
            data-value={item.id}
            data-testid={`${testid}-option`}
            // Keeps focus in the search box, which owns the keyboard.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => i !== at && setActive(i)}
            onClick={() => pick(item)}
          >
            <span className="fpicker__check" aria-hidden="true">
              {selected(item) ? '✓' : ''}
            </span>
            {item.icon}
            {item.hint && <span className="fpicker__hint">{item.hint}</span>}
            <span className="fpicker__text">{item.text}</span>
          </li>
        ))}
      </ul>
      {empty && (
        <p className="fpicker__empty" role="status">
          {loading ? t('common.loading') : (!query.trim() && emptyText) || t('common.nothingFound')}
        </p>
      )}
    </div>
  );
}
