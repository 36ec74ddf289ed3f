// What a list does with its rows beyond showing them: folding groups and peeking from a click.
import type { MouseEvent } from 'react';
import { isPlainClick } from '../../../lib/plain-click.ts';

export const NONE_FOLDED: ReadonlySet<string> = new Set();
export const toggleKey = (set: ReadonlySet<string>, key: string) => {
  const next = new Set(set);
  if (!next.delete(key)) next.add(key);
  return next;
};

/** A click on a row's empty space or its labels peeks; its title link, checkbox and buttons keep their own meaning. */
export function peekFromClick(e: MouseEvent<HTMLElement>, onPeek: (key: string) => void, setActive: (id: number) => void) {
  const target = e.target as HTMLElement;
  if (!isPlainClick(e) || target.closest('a, button, input, label, select')) return;
  const row = target.closest<HTMLElement>('[data-testid="issue-row"]');
  const key = row?.dataset.issueKey;
  if (!row || !key) return;
  setActive(Number(row.dataset.issueId));
  onPeek(key);
}
