// What the Jira, Trello, GitHub, Linear and Tracker parsers share: refusing a file that is not what its
// format says, reading CSV with repeated headers, and turning the sources' words for dates,
// priorities and status categories into ours.
import { DomainError } from '@tracker/shared/domain-errors';
import type { Priority } from '@tracker/shared/api/issues';
import type { StatusCategory } from '@tracker/shared/api/projects';
import type { ImportPerson, ImportProblem } from '@tracker/shared/api/import-record';
import { parse as parseCsv } from 'csv-parse/sync';

/** The whole file refused: `errors.import.<code>` says why in the user's language. */
export const notThisFormat = (code: string, params: Record<string, string | number> = {}) =>
  new DomainError('invalid', { key: `errors.import.${code}`, params, data: { reason: code, ...params } });

/** A CSV read as a header row plus data rows, keeping columns whose headers repeat (Jira's Labels, Comment). */
/** A JSON export's text (a BOM allowed) → its value; not JSON at all is `notJson` (`emptyFile` when blank). */
export function readJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw notThisFormat(text.trim() ? 'notJson' : 'emptyFile');
  }
}

export interface CsvTable {
  header: string[];
  /** Data rows with the 1-based line number each started on. */
  rows: { line: number; cells: string[] }[];
}

/**
 * The tools write commas, but a file opened and saved again in Excel with a Russian locale has
 * semicolons (or tabs): the header line says which, counted outside quotes.
 */
export function delimiterOf(body: string): string {
  const head = (body.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, head.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > counts[0]![1] ? best[0] : ',';
}

/** `notCode` refuses a file that is plainly something else (JSON) rather than a broken CSV. */
export function readCsv(text: string, format: string, notCode: string): CsvTable {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw notThisFormat('emptyFile');
  if (/^\s*[[{]/.test(body)) throw notThisFormat(notCode);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(body, { delimiter: delimiterOf(body), relax_column_count: true, skip_empty_lines: true, info: true, bom: true }) as unknown as typeof records;
  } catch {
    throw notThisFormat('badCsv', { format });
  }
  const [head, ...rest] = records;
  if (!head) throw notThisFormat('emptyFile');
  // info.lines is the line a record ended on; the next one starts below it (quoted cells span lines).
  let previous = head.info.lines;
  const rows = rest.map((r) => {
    const row = { line: previous + 1, cells: r.record };
    previous = r.info.lines;
    return row;
  });
  return { header: head.record.map((h) => h.trim()), rows };
}

/** Column lookups by header name, case-insensitive; repeated headers give every cell. */
export class Columns {
  private readonly index = new Map<string, number[]>();
  private readonly names: string[];
  constructor(header: string[]) {
    this.names = [...new Set(header)];
    // Pushed, not copied: Jira repeats a header once per value (50,000 `Comment` columns made copying quadratic).
    header.forEach((h, i) => {
      const key = h.toLowerCase();
      const at = this.index.get(key);
      if (at) at.push(i);
      else this.index.set(key, [i]);
    });
  }
  has(name: string): boolean {
    return this.index.has(name.toLowerCase());
  }
  /** The first non-empty cell under this header (trimmed), or undefined. */
  one(cells: string[], ...names: string[]): string | undefined {
    for (const name of names) {
      for (const i of this.index.get(name.toLowerCase()) ?? []) {
        const v = cells[i]?.trim();
        if (v) return v;
      }
    }
    return undefined;
  }
  /** Every non-empty cell under this header, in column order. */
  all(cells: string[], name: string): string[] {
    return (this.index.get(name.toLowerCase()) ?? []).map((i) => cells[i]?.trim() ?? '').filter(Boolean);
  }
  /** Headers matching a pattern (e.g. Jira's `Custom field (X)`), each once. */
  matching(pattern: RegExp): string[] {
    return this.names.filter((k) => pattern.test(k));
  }
}

const MONTHS: Record<string, number> = {
  jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11,
  янв: 0, фев: 1, мар: 2, апр: 3, май: 4, мая: 4, июн: 5, июл: 6, авг: 7, сен: 8, окт: 9, ноя: 10, дек: 11,
};

/**
 * A date as the sources write it, to ISO (UTC): ISO itself, Jira's `25/Nov/26 2:14 PM` (also with
 * Russian month abbreviations and 24-hour times), `2026-11-25 14:14`, or anything Date.parse reads.
 * Undefined for an empty cell; null for text that is no date.
 */
export function toIso(value: string | null | undefined): string | null | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const jira = /^(\d{1,2})\/([^/\d\s]{3,4})\/(\d{2}|\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/.exec(v);
  if (jira) {
    const month = MONTHS[jira[2]!.toLowerCase().slice(0, 3)];
    if (month === undefined) return null;
    const year = jira[3]!.length === 2 ? 2000 + Number(jira[3]) : Number(jira[3]);
    let hour = Number(jira[4] ?? 0);
    const ampm = jira[7]?.toLowerCase();
    if (ampm === 'pm' && hour < 12) hour += 12;
    if (ampm === 'am' && hour === 12) hour = 0;
    const date = new Date(Date.UTC(year, month, Number(jira[1]), hour, Number(jira[5] ?? 0), Number(jira[6] ?? 0)));
    return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(jira[1]) ? null : date.toISOString();
  }
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(v);
  const ms = Date.parse(local ? `${local[1]}T${local[2]}Z` : v);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** A calendar day (YYYY-MM-DD) from any date the sources write. */
export function toDay(value: string | null | undefined): string | null | undefined {
  const v = value?.trim();
  if (v && /^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const iso = toIso(v);
  return iso ? iso.slice(0, 10) : iso;
}

const PRIORITY_WORDS: Record<string, Priority> = {
  highest: 'urgent', blocker: 'urgent', critical: 'urgent', urgent: 'urgent', срочный: 'urgent', наивысший: 'urgent', блокирующий: 'urgent',
  high: 'high', major: 'high', высокий: 'high',
  medium: 'medium', normal: 'medium', средний: 'medium', обычный: 'medium',
  low: 'low', lowest: 'low', minor: 'low', trivial: 'low', низкий: 'low', самый_низкий: 'low', незначительный: 'low',
  none: 'none', 'no priority': 'none', 'без приоритета': 'none',
};

/** Priority names of Jira, Linear and Tracker; undefined when the word is unknown (the row keeps none). */
export function toPriority(value: string | undefined): Priority | undefined {
  if (!value) return undefined;
  return PRIORITY_WORDS[value.trim().toLowerCase().replace(/\s+(?=низкий)/, '_')];
}

const CATEGORY_WORDS: [RegExp, StatusCategory][] = [
  [/^(backlog|icebox|triage|бэклог|беклог)$/i, 'backlog'],
  [/(cancel|won'?t|wontfix|not planned|duplicate|rejected|declined|отмен|дубл|отклон)/i, 'canceled'],
  [/^(done|closed|resolved|complete|completed|finished|fixed|released|shipped|готово|сделано|закрыт|закрыта|решен|решена|выполнено)$/i, 'completed'],
  [/(progress|doing|review|testing|qa|started|active|в работе|на проверке|ревью|тестир|делаем)/i, 'started'],
  [/^(to ?do|open|new|selected for development|todo|reopened|planned|next|up next|к выполнению|открыт|открыта|новая|новый|сделать|запланировано)$/i, 'unstarted'],
];

/** A status category from a status name (Jira/Trello/Linear names, English or Russian); undefined when unsure. */
export function guessCategory(name: string | undefined): StatusCategory | undefined {
  const n = name?.trim();
  if (!n) return undefined;
  return CATEGORY_WORDS.find(([re]) => re.test(n))?.[1];
}

/** Jira's Status Category column ("To Do", "In Progress", "Done"). */
export function jiraCategory(value: string | undefined): StatusCategory | undefined {
  switch (value?.trim().toLowerCase()) {
    case 'to do':
    case 'new':
      return 'unstarted';
    case 'in progress':
    case 'indeterminate':
      return 'started';
    case 'done':
    case 'complete':
      return 'completed';
    default:
      return undefined;
  }
}

/** A person from a cell holding an e-mail or a display name. */
export function person(value: string | undefined, email?: string): ImportPerson | undefined {
  const v = value?.trim();
  const e = email?.trim();
  if (!v && !e) return undefined;
  if (!e && v && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return { email: v.toLowerCase() };
  return { ...(e ? { email: e.toLowerCase() } : {}), ...(v ? { name: v.slice(0, 200) } : {}) };
}

/** Collects problems and the records' dates, refusing a date the source wrote wrongly as a row problem. */
export class Problems {
  readonly list: ImportProblem[] = [];
  add(row: number, code: string, values?: Record<string, string | number>) {
    this.list.push({ row, code, ...(values ? { values } : {}) });
  }
  /** ISO date or undefined; a present but unreadable date is noted and dropped. */
  date(row: number, column: string, value: string | undefined, day = false): string | undefined {
    const out = day ? toDay(value) : toIso(value);
    if (out === null) {
      this.add(row, 'badDate', { column, value: String(value).slice(0, 60) });
      return undefined;
    }
    return out;
  }
}

/** Omits undefined values, so records compare cleanly and stay small. */
export function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

/** The 50-character limit of label and status names. */
export const name50 = (s: string) => clip(s.trim(), 50);
