// `@mention` autocomplete in a plain textarea: which word is being typed, and what to insert.

/** The `@query` the caret is in (after whitespace or at the start), or null. */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([\p{L}\p{N}_.-]{0,32})$/u.exec(before);
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, query: m[2]! };
}

/**
 * Replaces `@query` at `start…caret` with `@Full Name ` (the server finds mentions by name too, and the
 * text reads as written) and returns the new text and caret.
 */
export function insertMention(text: string, start: number, caret: number, name: string): { text: string; caret: number } {
  const insert = `@${name} `;
  const after = text.slice(caret).replace(/^\S*/, '');
  const next = text.slice(0, start) + insert + after.replace(/^ /, '');
  return { text: next, caret: start + insert.length };
}
