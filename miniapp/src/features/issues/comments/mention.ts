// `@mention` autocomplete in a plain textarea: which word is being typed, and what to insert.
import type { UserRef } from '@tracker/shared/api/common';

/** The server matches a handle against the e-mail's local part or the name without spaces, in any alphabet. */
const HANDLE = /^[\p{L}\p{N}_.-]{1,32}$/u;

/** The `@query` the caret is in (after whitespace or at the start), or null. */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([\p{L}\p{N}_.-]{0,32})$/u.exec(before);
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, query: m[2]! };
}

/**
 * The handle to insert for a picked user: the name without spaces when that is a valid handle,
 * otherwise what the user typed (it matched the person's e-mail, which the picker never reveals).
 */
export function handleFor(user: UserRef, typed: string): string | null {
  const compact = user.name.replace(/\s+/g, '');
  if (HANDLE.test(compact)) return compact;
  return HANDLE.test(typed) ? typed : null;
}

/** Replaces `@query` at `start…caret` with `@handle ` and returns the new text and caret. */
export function insertMention(text: string, start: number, caret: number, handle: string): { text: string; caret: number } {
  const insert = `@${handle} `;
  const after = text.slice(caret).replace(/^\S*/, '');
  const next = text.slice(0, start) + insert + after.replace(/^ /, '');
  return { text: next, caret: start + insert.length };
}
