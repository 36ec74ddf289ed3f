export type Priority = 'urgent' | 'high' | 'medium' | 'low' | 'none';

export interface MarkerMatch<T> {
  start: number;
  end: number;
  value: T;
}

// Markers (@ # + !) count only at the start or after whitespace, so `a@b.com`, `C#` and
// `x+Y` are left alone.
const AFTER_SPACE = String.raw`(?<!\S)`;

const PRIORITY_WORDS = new Map<string, Priority>([
  ['urgent', 'urgent'], ['срочно', 'urgent'], ['срочный', 'urgent'], ['срочная', 'urgent'], ['1', 'urgent'],
  ['high', 'high'], ['высокий', 'high'], ['высокая', 'high'], ['2', 'high'],
  ['medium', 'medium'], ['средний', 'medium'], ['средняя', 'medium'], ['3', 'medium'],
  ['low', 'low'], ['низкий', 'low'], ['низкая', 'low'], ['4', 'low'],
  ['none', 'none'], ['нет', 'none'],
]);

const MENTION = new RegExp(String.raw`${AFTER_SPACE}@([A-Za-z0-9_.\-]+|я)(?![\p{L}\p{M}\p{N}_@.\-])`, 'giu');
const LABEL = new RegExp(String.raw`${AFTER_SPACE}#([\p{L}\p{M}\p{N}_\-]+)(?![\p{L}\p{M}\p{N}_\-#@/\\+]|\.[\p{L}\p{N}])`, 'gu');
const PROJECT = /(?<!\S)\+([A-Z]{2,10})(?![\p{L}\p{M}\p{N}_-])/gu;
const PRIORITY = new RegExp(
  String.raw`${AFTER_SPACE}!(${[...PRIORITY_WORDS.keys()].join('|')})(?![\p{L}\p{M}\p{N}_\-])`,
  'giu',
);
const USERNAME_MAX = 32;

export function findMentions(text: string): MarkerMatch<string>[] {
  const found: MarkerMatch<string>[] = [];
  for (const m of text.matchAll(MENTION)) {
    // A trailing dot is sentence punctuation ("ask @ivan."), not part of the name.
    const name = (m[1] ?? '').replace(/\.+$/, '');
    if (name.length === 0 || name.length > USERNAME_MAX) continue;
    const lowered = name.toLowerCase();
    const value = lowered === 'me' || lowered === 'я' ? 'me' : name;
    found.push({ start: m.index, end: m.index + 1 + name.length, value });
  }
  return found;
}

export function findLabels(text: string): MarkerMatch<string>[] {
  const found: MarkerMatch<string>[] = [];
  for (const m of text.matchAll(LABEL)) {
    const name = m[1] ?? '';
    // `#123` (and `#12-3`) is an issue reference, not a label: a label needs a letter.
    if (!/\p{L}/u.test(name)) continue;
    found.push({ start: m.index, end: m.index + m[0].length, value: name });
  }
  return found;
}

// A cycle (issue 29): `*current` / `*next`, and the Russian `*текущий` / `*следующий` (a cycle,
// «цикл», is masculine). Case does not matter; `*current*` (emphasis) and `*currently` are not it.
export type CycleChoice = 'current' | 'next';
const CYCLE_WORDS = new Map<string, CycleChoice>([
  ['current', 'current'], ['текущий', 'current'],
  ['next', 'next'], ['следующий', 'next'],
]);
const CYCLE = new RegExp(String.raw`${AFTER_SPACE}\*(${[...CYCLE_WORDS.keys()].join('|')})(?![\p{L}\p{M}\p{N}_\-*])`, 'giu');

export function findCycles(text: string): MarkerMatch<CycleChoice>[] {
  const found: MarkerMatch<CycleChoice>[] = [];
  for (const m of text.matchAll(CYCLE)) {
    const value = CYCLE_WORDS.get((m[1] ?? '').toLowerCase());
    if (value) found.push({ start: m.index, end: m.index + m[0].length, value });
  }
  return found;
}

export function findProjects(text: string): MarkerMatch<string>[] {
  return [...text.matchAll(PROJECT)].map((m) => ({ start: m.index, end: m.index + m[0].length, value: m[1] ?? '' }));
}

// Spoken priorities (a voice note has no `!` markers): "high priority", "at high priority",
// "priority high"; «высокий приоритет», «с высоким приоритетом», «приоритет высокий».
const SPOKEN_STEMS: [RegExp, Priority][] = [
  [/^(urgent|срочн)/iu, 'urgent'],
  [/^(high|высок)/iu, 'high'],
  [/^(medium|средн)/iu, 'medium'],
  [/^(low|низк)/iu, 'low'],
];
const LEVEL = String.raw`(urgent|high|medium|low|срочн[\p{L}]*|высок[\p{L}]*|средн[\p{L}]*|низк[\p{L}]*)`;
const PRIORITY_WORD = String.raw`(?:priority|приоритет[\p{L}]*)`;
const SPOKEN = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:(?:at|with|с|со)\s+)?${LEVEL}\s+${PRIORITY_WORD}|${PRIORITY_WORD}\s+${LEVEL})(?![\p{L}\p{N}])`,
  'giu',
);

/** Priorities said in words, as a transcript has them (`parseQuickAdd`'s `spoken`). */
export function findSpokenPriorities(text: string): MarkerMatch<Priority>[] {
  const found: MarkerMatch<Priority>[] = [];
  for (const m of text.matchAll(SPOKEN)) {
    const level = m[1] ?? m[2] ?? '';
    const value = SPOKEN_STEMS.find(([stem]) => stem.test(level))?.[1];
    if (value) found.push({ start: m.index, end: m.index + m[0].length, value });
  }
  return found;
}

export function findPriorities(text: string): MarkerMatch<Priority>[] {
  const found: MarkerMatch<Priority>[] = [];
  for (const m of text.matchAll(PRIORITY)) {
    const value = PRIORITY_WORDS.get((m[1] ?? '').toLowerCase());
    if (value) found.push({ start: m.index, end: m.index + m[0].length, value });
  }
  return found;
}
