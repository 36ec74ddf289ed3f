// The app's one date input (issue 27): a text box in the app's language (26.11.2026 / 11/26/2026,
// lib/day-field.ts) and a button that opens a calendar (DateCalendar.tsx, react-day-picker) in a
// Popover. Native date inputs showed mm/dd/yyyy in the Russian UI. The value stays `YYYY-MM-DD` or ''
// (none) and changes on a commit: a whole date typed, Enter, leaving the box, or a day picked in the
// calendar; an entry that is not a day is marked and never handed on. The calendar and its locale load on the
// first hover or focus of the button, not with the page: the first load stays without them. The lint
// refuses `type="date"` anywhere in the web app (eslint.config.js).
import { lazy, Suspense, useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { today } from '../lib/dates.ts';
import { formatDayField, parseDayField } from '../lib/day-field.ts';
import { useLocale } from '../lib/use-locale.ts';
import { Popover } from './Popover.tsx';

const loadCalendar = () => import('./DateCalendar.tsx');
const DateCalendar = lazy(loadCalendar);

export interface DateInputProps {
  id?: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** A committed change: `YYYY-MM-DD`, or '' when cleared. */
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  'data-testid'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  'aria-label'?: string;
}

type Problem = 'format' | 'min' | 'max';

export function DateInput({ id: givenId, value, onChange, min, max, onBlur, 'data-testid': testid, 'aria-invalid': invalid, 'aria-describedby': describedBy, ...input }: DateInputProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ownId = useId();
  const id = givenId ?? ownId;
  // What is typed and not yet committed; null while the box shows the value.
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [open, setOpen] = useState(false);

  const hand = (next: string) => {
    setDraft(null);
    setProblem(null);
    if (next !== value) onChange(next);
  };
  /** False when the typed text is not a day the field takes. */
  const commit = (): boolean => {
    if (draft === null) return true;
    const result = parseDayField(draft, locale, { min, max });
    if (!result.ok) {
      setProblem(result.problem);
      return false;
    }
    hand(result.value);
    return true;
  };
  // A whole date (its year of four digits) is handed on as it is typed, the text left as typed: an error
  // under a form's field then goes while typing, not on the click that leaves the box (which it moved).
  const type = (text: string) => {
    setDraft(text);
    if (!/(^|\D)\d{4}(\D\d{1,2}\D\d{1,2})?\s*$/.test(text)) return;
    const result = parseDayField(text, locale, { min, max });
    if (!result.ok) return;
    setProblem(null);
    if (result.value !== value) onChange(result.value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !commit()) e.preventDefault(); // a form is not sent with a wrong date in it
    if (e.key === 'Escape' && draft !== null) {
      e.stopPropagation(); // undoes the typing; a second Escape closes the dialog around
      setDraft(null);
      setProblem(null);
    }
  };

  const problemId = `${id}-problem`;
  const now = today();
  const example = formatDayField(min && min > now ? min : now, locale);
  const problemText = problem === 'min' ? t('dateInput.min', { date: formatDayField(min!, locale) }) : problem === 'max' ? t('dateInput.max', { date: formatDayField(max!, locale) }) : t('dateInput.format', { example });
  return (
    <span className="date-input">
      <span className="date-input__row">
        <input
          {...input}
          id={id}
          type="text"
          autoComplete="off"
          placeholder={t('dateInput.placeholder')}
          data-testid={testid}
          value={draft ?? formatDayField(value, locale)}
          aria-invalid={problem || invalid ? true : undefined}
          aria-describedby={[describedBy, problem ? problemId : ''].filter(Boolean).join(' ') || undefined}
          onChange={(e) => type(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            commit();
            onBlur?.();
          }}
        />
        <Popover
          open={open}
          onOpenChange={setOpen}
          label={t('dateInput.calendar')}
          className="date-input__popover"
          testId={testid && `${testid}-calendar`}
          align="end"
          trigger={
            <button
              type="button"
              className="date-input__button"
              aria-label={t('dateInput.open')}
              disabled={input.disabled}
              data-testid={testid && `${testid}-open`}
              onPointerEnter={() => void loadCalendar()}
              onFocus={() => void loadCalendar()}
            >
              <CalendarGlyph />
            </button>
          }
        >
          <Suspense fallback={<p className="date-input__loading">{t('loading')}</p>}>
            <DateCalendar
              value={value}
              min={min}
              max={max}
              locale={locale}
              onPick={(day) => {
                hand(day);
                setOpen(false);
              }}
            />
          </Suspense>
        </Popover>
      </span>
      {problem && (
        <span id={problemId} className="field__error" role="alert" data-testid={testid && `${testid}-problem`}>
          {problemText}
        </span>
      )}
    </span>
  );
}

function CalendarGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
