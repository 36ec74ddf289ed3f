// The calendar of components/DateInput.tsx, loaded with react-day-picker and the two date-fns locales
// only when a date input's button is first hovered, focused or pressed. Month and weekday names in
// the app's language, the week starting on the app's day (shared/src/dates.ts), today the user's.
import { weekStart } from '@tracker/shared/dates';
import type { Locale } from '@tracker/shared/locales';
import { DayPicker, type Matcher } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import { ru } from 'react-day-picker/locale/ru';
import 'react-day-picker/style.css';
import { today } from '../lib/dates.ts';
import { dayToLocalDate, localDateToDay } from '../lib/day-field.ts';
import '../styles/date-calendar.css';

const LOCALES = { ru, en: enGB } satisfies Record<Locale, unknown>;

interface Props {
  value: string;
  min?: string;
  max?: string;
  locale: Locale;
  onPick: (day: string) => void;
}

export default function DateCalendar({ value, min, max, locale, onPick }: Props) {
  const selected = value ? dayToLocalDate(value) : undefined;
  const now = dayToLocalDate(today());
  const disabled: Matcher[] = [];
  if (min) disabled.push({ before: dayToLocalDate(min) });
  if (max) disabled.push({ after: dayToLocalDate(max) });
  // With nothing chosen, the month of today, or of the first day allowed when that is later.
  const start = selected ?? (min && min > today() ? dayToLocalDate(min) : now);
  return (
    <DayPicker
      className="date-calendar"
      mode="single"
      required
      locale={LOCALES[locale]}
      weekStartsOn={weekStart(locale)}
      today={now}
      selected={selected}
      defaultMonth={start}
      disabled={disabled}
      autoFocus
      onSelect={(day) => onPick(localDateToDay(day))}
    />
  );
}
