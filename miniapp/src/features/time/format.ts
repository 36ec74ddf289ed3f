// Display of durations for time tracking (its days are formatted by lib/dates.ts).
import { formatDuration } from '@tracker/shared/duration-format';
import type { TFunction } from 'i18next';

/** `1h 30m` / `1 ч 30 мин`. */
export const duration = (minutes: number, t: TFunction) => formatDuration(minutes, (key, values) => t(key, values));
