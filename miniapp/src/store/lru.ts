// When each project was last used by a screen (the selectors record it): the size limit evicts the
// least recently used first. Outside the valtio store, so recording it from a render re-renders nothing.
const used = new Map<number, number>();

export function touchProject(projectId: number, now = Date.now()) {
  used.set(projectId, now);
}

export function lastUsed(): ReadonlyMap<number, number> {
  return used;
}

export function restoreLastUsed(entries: [number, number][]) {
  for (const [id, at] of entries) if ((used.get(id) ?? 0) < at) used.set(id, at);
}

export function forgetLastUsed() {
  used.clear();
}
