import { todayIn } from '../dates.ts';
import { formatYmd, ymdOf } from './calendar.ts';
import { findDates } from './dates.ts';
import { findCycles, findLabels, findMentions, findPriorities, findProjects, findSpokenPriorities, type CycleChoice, type Priority } from './tokens.ts';

export type { CycleChoice, Priority } from './tokens.ts';

export type QuickAddTokenKind = 'due' | 'assignee' | 'label' | 'priority' | 'project' | 'cycle';

export interface QuickAddToken {
  kind: QuickAddTokenKind;
  text: string; // exactly input.slice(start, end)
  start: number; // UTF-16 offsets, as String.prototype.slice counts
  end: number;
}

export interface QuickAddResult {
  title: string;
  dueDate: string | null;
  assignee: string | null;
  labels: string[];
  priority: Priority | null;
  projectKey: string | null;
  /** `*current` / `*next`: the project's current or next cycle, resolved by whoever creates the issue. */
  cycle: CycleChoice | null;
  tokens: QuickAddToken[];
}

export interface QuickAddOptions {
  now: Date;
  timeZone: string; // IANA; an unknown zone falls back to UTC
  /** The UI language (default ru): its week start decides "next week" and "this week". */
  locale?: 'ru' | 'en';
  /** A transcript of speech: priorities said in words ("high priority", «высокий приоритет») count too. */
  spoken?: boolean;
}

/** Only this many leading characters are parsed; the rest goes to the title unparsed. */
export const QUICK_ADD_MAX_PARSED = 1000;
// Tokens are short; scanning a little past the cap lets a word that straddles it
// ("…tomorrowland") fail its boundary check instead of matching its first half.
const SCAN_OVERHANG = 100;

type Candidate =
  | { kind: 'due' | 'assignee' | 'label' | 'project'; start: number; end: number; value: string }
  | { kind: 'priority'; start: number; end: number; value: Priority }
  | { kind: 'cycle'; start: number; end: number; value: CycleChoice };

export function parseQuickAdd(input: string, options: QuickAddOptions): QuickAddResult {
  const text = typeof input === 'string' ? input : '';
  const scan = text.slice(0, QUICK_ADD_MAX_PARSED + SCAN_OVERHANG);
  const locale = options?.locale === 'en' ? 'en' : 'ru';
  const now = options?.now;
  const today = now instanceof Date && !Number.isNaN(now.getTime())
    ? ymdOf(todayIn(typeof options?.timeZone === 'string' ? options.timeZone : 'UTC', now))
    : null;

  const candidates: Candidate[] = [
    ...findDates(scan, { today, locale }).map((d) => ({ kind: 'due' as const, start: d.start, end: d.end, value: formatYmd(d.date) })),
    ...findMentions(scan).map((m) => ({ kind: 'assignee' as const, ...m })),
    ...findLabels(scan).map((m) => ({ kind: 'label' as const, ...m })),
    ...findProjects(scan).map((m) => ({ kind: 'project' as const, ...m })),
    ...findPriorities(scan).map((m) => ({ kind: 'priority' as const, ...m })),
    ...findCycles(scan).map((m) => ({ kind: 'cycle' as const, ...m })),
    ...(options?.spoken ? findSpokenPriorities(scan) : []).map((m) => ({ kind: 'priority' as const, ...m })),
  ].filter((c) => c.end <= QUICK_ADD_MAX_PARSED);
  const chosen = nonOverlapping(candidates);

  // Single-valued fields: only the winning occurrence becomes a token (a chip); the others
  // stay in the title, so what the chips show is exactly what gets applied.
  const winners: Candidate[] = chosen.filter((c) => c.kind === 'label');
  const pick = (kind: Candidate['kind'], which: 'first' | 'last') => {
    const ofKind = chosen.filter((c) => c.kind === kind);
    const winner = which === 'first' ? ofKind[0] : ofKind[ofKind.length - 1];
    if (winner) winners.push(winner);
    return winner;
  };
  const due = pick('due', 'last');
  const priority = pick('priority', 'last');
  const assignee = pick('assignee', 'first');
  const project = pick('project', 'first');
  const cycle = pick('cycle', 'last');
  winners.sort((a, b) => a.start - b.start);

  const labels: string[] = [];
  const seen = new Set<string>();
  for (const c of chosen) {
    if (c.kind !== 'label' || seen.has(c.value.toLowerCase())) continue;
    seen.add(c.value.toLowerCase());
    labels.push(c.value);
  }

  return {
    // Speech ends its phrases with punctuation that the removed tokens leave dangling ("Fix the login, .").
    title: options?.spoken ? buildTitle(text, winners).replace(/[\s,;:.!?]+$/u, '') : buildTitle(text, winners),
    dueDate: due?.value ?? null,
    assignee: assignee?.value ?? null,
    labels,
    priority: priority?.kind === 'priority' ? priority.value : null,
    projectKey: project?.value ?? null,
    cycle: cycle?.kind === 'cycle' ? cycle.value : null,
    tokens: winners.map((c) => ({ kind: c.kind, text: text.slice(c.start, c.end), start: c.start, end: c.end })),
  };
}

/** Leftmost wins; at the same start the longer phrase wins ("до 25.12.2027" over "25.12"). */
function nonOverlapping(candidates: Candidate[]): Candidate[] {
  const sorted = [...candidates].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Candidate[] = [];
  let reached = 0;
  for (const c of sorted) {
    if (c.start < reached) continue;
    kept.push(c);
    reached = c.end;
  }
  return kept;
}

const CLOSING_PUNCTUATION = /^[,.;:!?)\]»…]/u;

function buildTitle(text: string, tokens: readonly { start: number; end: number }[]): string {
  const pieces: string[] = [];
  let pos = 0;
  for (const t of tokens) {
    pieces.push(text.slice(pos, t.start));
    pos = t.end;
  }
  pieces.push(text.slice(pos));
  let title = pieces[0] ?? '';
  for (const piece of pieces.slice(1)) {
    // "Call Bob tomorrow, please" → "Call Bob, please", not "Call Bob , please".
    title = CLOSING_PUNCTUATION.test(piece) ? title.trimEnd() + piece : `${title} ${piece}`;
  }
  return title.replace(/\s+/gu, ' ').trim();
}

/**
 * What the UI does when the user removes a chip: the token's text is deleted from the input
 * (with one adjoining space), so re-parsing yields the same result minus that field. We do
 * not keep the word as plain title text: that would need an escape syntax which would then
 * leak into stored titles. For single-valued fields a previously losing occurrence (a second
 * @mention, an earlier date) may win on re-parse; that is intended.
 * A token that no longer matches the input (stale span) is looked up by its text nearest to
 * its old position; if it is gone, the input is returned unchanged.
 */
export function removeToken(input: string, token: QuickAddToken): string {
  if (typeof input !== 'string' || !token || typeof token.text !== 'string' || token.text === '') return input;
  const start = locate(input, token);
  if (start < 0) return input;
  let before = input.slice(0, start);
  let after = input.slice(start + token.text.length);
  if (before.trim() === '') {
    before = '';
    after = after.trimStart();
  } else if (after.trim() === '') {
    before = before.trimEnd();
    after = '';
  } else if (/\s$/u.test(before) && /^\s/u.test(after)) {
    after = after.replace(/^\s+/u, '');
  }
  return before + after;
}

function locate(input: string, token: QuickAddToken): number {
  if (input.slice(token.start, token.end) === token.text) return token.start;
  let best = -1;
  for (let i = input.indexOf(token.text); i >= 0; i = input.indexOf(token.text, i + 1)) {
    if (best < 0 || Math.abs(i - token.start) < Math.abs(best - token.start)) best = i;
  }
  return best;
}
