// Turning a stored template into the fields of a new issue, the same way in the web app, the
// server and the bot. Dates come from the calendar helpers, never from local-zone Date math.
import type { Priority } from '../api/issues.ts';
import { addDays, daysInMonth, plusDays, weekday, type Ymd } from '../quick-add/calendar.ts';

export interface TemplateLike {
  name: string;
  titlePattern: string;
  description: string;
  labelIds: number[];
  priority: Priority;
  assigneeId: number | null;
  estimate: number | null;
  dueInDays: number | null;
  customValues: Record<string, unknown>;
}

export interface RenderContext {
  /** What was typed after `/name` (quick add, the bot), or in the title field (the dialog). */
  text: string;
  /** Today in the user's time zone, `YYYY-MM-DD`. */
  today: string;
}

const parseYmd = (date: string): Ymd => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

function dayOfYear(date: Ymd): number {
  let days = date.day;
  for (let m = 1; m < date.month; m += 1) days += daysInMonth(date.year, m);
  return days;
}

/** ISO 8601 week: weeks start on Monday and week 1 holds the year's first Thursday. */
export function isoWeek(date: string): { year: number; week: number } {
  const d = parseYmd(date);
  const thursday = addDays(d, 3 - ((weekday(d) + 6) % 7));
  return { year: thursday.year, week: Math.floor((dayOfYear(thursday) - 1) / 7) + 1 };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Placeholders (case-insensitive): `{title}` the typed text, `{date}` 2026-11-26, `{week}` the ISO
 * week number (48), `{month}` 2026-11, `{year}` 2026. Unknown ones stay as written. When the pattern
 * has no `{title}`, typed text is added at the end; an empty result falls back to the template name.
 */
export function renderTitle(pattern: string, ctx: RenderContext, fallback = ''): string {
  const d = parseYmd(ctx.today);
  const text = ctx.text.trim();
  const values: Record<string, string> = {
    title: text,
    date: ctx.today,
    week: String(isoWeek(ctx.today).week),
    month: `${d.year}-${pad2(d.month)}`,
    year: String(d.year),
  };
  const hasTitle = /\{title\}/i.test(pattern);
  let out = pattern.replace(/\{(\w+)\}/g, (whole, key: string) => values[key.toLowerCase()] ?? whole);
  if (!hasTitle && text) out = `${out} ${text}`;
  out = out.replace(/\s+/g, ' ').trim();
  return (out || fallback).slice(0, 300);
}

export interface TemplateDraft {
  title: string;
  description: string;
  labelIds: number[];
  priority: Priority;
  assigneeId: number | null;
  estimate: number | null;
  dueDate: string | null;
  customValues: Record<string, unknown>;
}

/** The issue fields a template gives on a day, before anything the person typed overrides them. */
export function templateDraft(template: TemplateLike, ctx: RenderContext): TemplateDraft {
  return {
    title: renderTitle(template.titlePattern, ctx, template.name),
    description: template.description,
    labelIds: [...template.labelIds],
    priority: template.priority,
    assigneeId: template.assigneeId,
    estimate: template.estimate,
    dueDate: template.dueInDays === null ? null : plusDays(ctx.today, template.dueInDays),
    customValues: { ...template.customValues },
  };
}
