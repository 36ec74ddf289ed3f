// Suggests a project key (2–10 Latin capitals) from its name, in either language.
const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l', м: 'm', н: 'n',
  о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '',
  э: 'e', ю: 'yu', я: 'ya',
};

export function transliterate(text: string): string {
  return [...text.toLowerCase()].map((ch) => CYRILLIC[ch] ?? ch).join('');
}

/** One word → its first three letters (`Website` → `WEB`); several → their initials (`Mobile App` → `MA`). */
export function suggestKey(name: string): string {
  const words = transliterate(name)
    .normalize('NFKD')
    .replace(/[^a-z\s-]/g, '')
    .split(/[\s-]+/)
    .filter(Boolean);
  if (!words.length) return '';
  let key = words.length === 1 ? words[0]!.slice(0, 3) : words.map((w) => w[0]).join('');
  if (key.length < 2) key = words.join('').slice(0, 3);
  return key.slice(0, 10).toUpperCase().length >= 2 ? key.slice(0, 10).toUpperCase() : '';
}

/** What the key field keeps of typed text: Latin letters only, upper-cased, at most 10. */
export function normalizeKeyInput(text: string): string {
  return text.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 10);
}
