// The size limit: each project's issues and comments estimated by their JSON length (close enough
// to what IndexedDB stores), and the least recently used projects' issues dropped beyond the limit.
import type { Snapshot } from 'valtio';
import type { SyncData } from './model.ts';

export const SIZE_LIMIT = 50 * 1024 * 1024;

export function projectSizes(data: Snapshot<Pick<SyncData, 'issues' | 'comments'>>): Map<number, number> {
  const sizes = new Map<number, number>();
  const projectOfIssue = new Map<number, number>();
  for (const i of Object.values(data.issues)) {
    projectOfIssue.set(i.id, i.projectId);
    sizes.set(i.projectId, (sizes.get(i.projectId) ?? 0) + JSON.stringify(i).length);
  }
  for (const c of Object.values(data.comments)) {
    const p = projectOfIssue.get(c.issueId);
    if (p !== undefined) sizes.set(p, (sizes.get(p) ?? 0) + JSON.stringify(c).length);
  }
  return sizes;
}

/** Projects to evict, least recently used first (never used counts as oldest), until under `limit`. */
export function projectsToEvict(sizes: Map<number, number>, lastUsed: ReadonlyMap<number, number>, limit = SIZE_LIMIT): number[] {
  let total = 0;
  for (const s of sizes.values()) total += s;
  const out: number[] = [];
  const oldestFirst = [...sizes.keys()].sort((a, b) => (lastUsed.get(a) ?? 0) - (lastUsed.get(b) ?? 0) || a - b);
  for (const p of oldestFirst) {
    if (total <= limit) break;
    out.push(p);
    total -= sizes.get(p)!;
  }
  return out;
}
