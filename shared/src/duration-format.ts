// Durations written back for people, apart from the parser (duration.ts) so that screens which
// only show time (list rows, activity) do not load parse-duration.

/** A translator (i18next's `t`, or the shared Translator bound to a language). */
export type DurationText = (key: string, values: Record<string, number>) => string;

/** `1h 30m` / `1 ч 30 мин`: the compact form for lists, totals and inputs (it parses back). */
export function formatDuration(minutes: number, t: DurationText): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h ? t('common.duration.h', { value: h }) : '', m || !h ? t('common.duration.m', { value: m }) : ''];
  return parts.filter(Boolean).join(' ');
}

/** `1 hour 30 minutes` / `1 час 30 минут`, with each language's plural forms. */
export function formatDurationLong(minutes: number, t: DurationText): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h ? t('common.duration.hours', { count: h }) : '', m || !h ? t('common.duration.minutes', { count: m }) : ''];
  return parts.filter(Boolean).join(' ');
}
