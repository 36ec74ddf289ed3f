// What other features may use from calendar: its date arithmetic on `YYYY-MM-DD` strings.
export { addDays, addMonths, diffDays, endOfMonth, isIsoDate, startOfMonth, startOfWeek, type IsoDate, type Weekday } from './dates.ts';
