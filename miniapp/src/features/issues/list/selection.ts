/**
 * Checkbox selection: a plain click toggles one row; a shift-click selects (or clears, matching the
 * clicked row's new state) every row between the last clicked one and this one.
 */
export function toggleSelection(selected: ReadonlySet<number>, order: readonly number[], id: number, anchor: number | null, range: boolean): Set<number> {
  const next = new Set(selected);
  const on = !selected.has(id);
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(id);
  if (range && from !== -1 && to !== -1) {
    const [a, b] = from < to ? [from, to] : [to, from];
    for (const rid of order.slice(a, b + 1)) {
      if (on) next.add(rid);
      else next.delete(rid);
    }
  } else if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Moves the keyboard cursor through rows (`j` = +1, `k` = -1), staying inside the list. */
export function moveActive(order: readonly number[], active: number | null, delta: 1 | -1): number | null {
  if (order.length === 0) return null;
  const i = active === null ? -1 : order.indexOf(active);
  if (i === -1) return delta === 1 ? order[0]! : order[order.length - 1]!;
  return order[Math.min(order.length - 1, Math.max(0, i + delta))]!;
}
