import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { syncState } from './session.ts';
import { storeListProject, type ListProject } from './projects.ts';

export type { ListProject };
export type ProjectMap = ReadonlyMap<number, ListProject>;

/** Details (statuses, labels, members) of the projects the shown issues belong to, from the client store. */
export function useProjectDetails(ids: readonly number[]): ProjectMap {
  const { projects, statuses, labels, members, users, syncId } = useSnapshot(syncState());
  // By the set of projects, not the rows' order: a new sort keeps the same objects, so memoised
  // rows skip re-rendering.
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  return useMemo(() => {
    const map = new Map<number, ListProject>();
    for (const id of key ? key.split(',').map(Number) : []) {
      const held = storeListProject({ projects, statuses, labels, members, users, syncId }, id);
      if (held) map.set(id, held);
    }
    return map;
  }, [key, projects, statuses, labels, members, users, syncId]);
}

/**
 * What a list or board shows of one project (by id or key), from the client store; null until its
 * first bootstrap, and `missing` when the store has it not (no such project, or not mine).
 */
export function useListProject(ref: string | number | undefined): { project: ListProject | null; missing: boolean } {
  const { projects, statuses, labels, members, users, syncId } = useSnapshot(syncState());
  return useMemo(() => {
    if (ref === undefined || ref === '' || syncId === null) return { project: null, missing: false };
    const p = Object.values(projects).find((x) => x.key === String(ref).toUpperCase() || String(x.id) === String(ref));
    const project = p ? storeListProject({ projects, statuses, labels, members, users, syncId }, p.id) : null;
    return { project, missing: project === null };
  }, [ref, projects, statuses, labels, members, users, syncId]);
}
