import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { Popover } from '../../../components/Popover.tsx';

export interface PickerOption {
  value: string;
  label: string;
  color?: string;
}

interface Props {
  name: string;
  label: string;
  options: PickerOption[];
  /** Comma-separated values, as in the URL. */
  value: string | undefined;
  onChange: (csv: string) => void;
  disabled?: boolean;
  hint?: string;
  children?: ReactNode;
}

const SEARCH_FROM = 8;
const SHOWN = 50;

/** A button that opens a checkbox list; the choice is a comma list (`priority=high,urgent`). */
export function MultiPicker({ name, label, options, value, onChange, disabled, hint, children }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const chosen = value ? value.split(',') : [];
  const names = chosen.map((v) => options.find((o) => o.value === v)?.label ?? v);
  // Thousands of people or labels: a search box, and at most SHOWN rows at a time (chosen ones kept).
  const [q, setQ] = useState('');
  const searchable = options.length > SEARCH_FROM;
  const text = q.trim().toLowerCase();
  const matching = text ? options.filter((o) => o.label.toLowerCase().includes(text)) : options;
  const head = matching.slice(0, SHOWN);
  const visible = [...options.filter((o) => chosen.includes(o.value) && !head.includes(o)), ...head];
  const hidden = matching.length - head.length;

  const toggle = (v: string) => {
    const next = chosen.includes(v) ? chosen.filter((c) => c !== v) : [...chosen, v];
    onChange(next.join(','));
  };

  const trigger = (
    <button
      type="button"
      className={`picker__button${chosen.length ? ' picker__button--active' : ''}`}
      disabled={disabled}
      title={disabled ? hint : undefined}
      data-testid={`filter-${name}`}
    >
      <span className="picker__label">{label}</span>
      {chosen.length > 0 && <span className="picker__value">{names.length > 2 ? t('issues.filters.nChosen', { count: names.length }) : names.join(', ')}</span>}
      <span aria-hidden="true">▾</span>
    </button>
  );

  return (
    <div className="picker">
      <Popover open={open} onOpenChange={setOpen} trigger={trigger} label={label} className="picker__panel">
        {children}
        {searchable && (
          <input
            type="search"
            className="picker__search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('issues.filters.pickerSearch')}
            aria-label={t('issues.filters.pickerSearch')}
            autoFocus
            data-testid={`filter-search-${name}`}
          />
        )}
        {visible.length === 0 && <p className="picker__empty">{t('issues.filters.noOptions')}</p>}
        {visible.map((o) => (
          <label key={o.value} className="picker__option" data-testid={`filter-option-${name}-${o.value}`}>
            <input type="checkbox" checked={chosen.includes(o.value)} onChange={() => toggle(o.value)} />
            {o.color && <ColorDot color={o.color} className="status-chip__dot" />}
            {o.label}
          </label>
        ))}
        {hidden > 0 && <p className="picker__empty">{t('issues.filters.moreOptions', { count: hidden })}</p>}
        {chosen.length > 0 && (
          <Button size="small" onClick={() => onChange('')}>
            {t('issues.filters.reset')}
          </Button>
        )}
      </Popover>
    </div>
  );
}
