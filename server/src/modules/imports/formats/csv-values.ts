// Cell text → record values for the generic CSV: people, priorities, dates and numbers as people
// type them in spreadsheets (ISO, DD.MM.YYYY, words in English and Russian).
import type { ImportPerson } from '@tracker/shared/api/import-record';
import type { Priority } from '@tracker/shared/api/issues';
import type { StatusCategory } from '@tracker/shared/api/projects';

export class CellError extends Error {
  readonly reason: 'badDate' | 'badNumber';
  constructor(reason: 'badDate' | 'badNumber') {
    super(reason);
    this.reason = reason;
  }
}

export function person(text: string): ImportPerson | undefined {
  const s = text.trim();
  if (!s) return undefined;
  const email = /<([^<>@\s]+@[^<>\s]+)>/.exec(s);
  if (email) return { email: email[1]!.toLowerCase(), name: s.replace(email[0], '').trim() || undefined };
  return s.includes('@') ? { email: s.toLowerCase() } : { name: s.slice(0, 200) };
}

const PRIORITY_WORDS: Record<string, Priority> = {
  urgent: 'urgent', critical: 'urgent', blocker: 'urgent', highest: 'urgent', 'срочный': 'urgent', 'срочно': 'urgent', 'критичный': 'urgent', 'критический': 'urgent', '1': 'urgent',
  high: 'high', 'высокий': 'high', 'важный': 'high', '2': 'high',
  medium: 'medium', normal: 'medium', 'средний': 'medium', 'обычный': 'medium', 'нормальный': 'medium', '3': 'medium',
  low: 'low', lowest: 'low', minor: 'low', trivial: 'low', 'низкий': 'low', '4': 'low',
  none: 'none', 'no priority': 'none', 'нет': 'none', 'без приоритета': 'none', '0': 'none',
};

export const priority = (text: string): Priority | undefined => PRIORITY_WORDS[text.trim().toLowerCase()];

const pad = (n: number) => String(n).padStart(2, '0');

/** A date or date-time cell → ISO (`YYYY-MM-DD` for a date alone); empty → undefined; unreadable → CellError. */
export function when(text: string): string | undefined {
  const s = text.trim();
  if (!s) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return valid(s, s);
  const ru = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (ru) {
    const [, d, m, y, hh, mm, ss] = ru;
    const date = `${y}-${pad(Number(m))}-${pad(Number(d))}`;
    return hh === undefined ? valid(date, date) : valid(`${date}T${pad(Number(hh))}:${mm}:${ss ?? '00'}Z`, date);
  }
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) throw new CellError('badDate');
  return new Date(ms).toISOString();
}

function valid(iso: string, date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) throw new CellError('badDate');
  return iso;
}

export function number(text: string): number | undefined {
  const s = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!s) return undefined;
  const n = Number(s);
  if (!Number.isFinite(n) || n < 0) throw new CellError('badNumber');
  return n;
}

export const list = (text: string): string[] => [...new Set(text.split(/[,;|]/).map((s) => s.trim().slice(0, 50)).filter(Boolean))];

const CATEGORY_WORDS: [RegExp, StatusCategory][] = [
  [/^(done|closed|resolved|complete|completed|finished|fixed|готово|сделано|выполнено|выполнена|закрыто|закрыта|завершено|завершена|решено|решена)$/i, 'completed'],
  [/^(cancel+ed|won'?t (do|fix)|rejected|duplicate|отменено|отменена|отклонено|отклонена|не будет сделано|дубликат)$/i, 'canceled'],
  [/^(backlog|icebox|someday|бэклог|беклог|когда-нибудь)$/i, 'backlog'],
  [/^(in progress|doing|started|in review|review|testing|qa|in development|в работе|в процессе|на проверке|ревью|тестирование|делается)$/i, 'started'],
];

/** The category a new status of this name most likely has (the import creates missing statuses with it); unknown names are left to the default. */
export function categoryOf(name: string): StatusCategory | undefined {
  const s = name.trim().replace(/\s+/g, ' ');
  return CATEGORY_WORDS.find(([re]) => re.test(s))?.[1];
}
