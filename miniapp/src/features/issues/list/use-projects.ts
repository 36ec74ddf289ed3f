import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLiveEvents } from '../../../lib/live.ts';
import { syncState, useSyncPending } from '../../sync/index.ts';
import { forgetProject, getProject } from '../api.ts';
import { storeListProject, type ListProject } from '../detail/from-store.ts';

export type { ListProject };
export type ProjectMap = ReadonlyMap<number, ListProject>;

/**
 * Details (statuses, labels, members) of the projects the shown issues belong to: from the client
 * store when it holds them (kept current by the feed), else fetched once per project and cached for
 * the session, refreshed when the server says a project changed.
 */
export function useProjectDetails(ids: readonly number[], hint?: string | number): ProjectMap {
  const fetched = useFetchedProjects(ids, hint);
  const { projects, statuses, labels, members, users, syncId } = useSnapshot(syncState());
  // By the set of projects, not the rows' order: a new sort keeps the same objects, so memoised
  // rows skip re-rendering.
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  return useMemo(() => {
    if (syncId === null) return fetched;
    const map = new Map<number, ListProject>(fetched);
    for (const id of key ? key.split(',').map(Number) : []) {
      const held = storeListProject({ projects, statuses, labels, members, users, syncId }, id);
      if (held) map.set(id, held);
    }
    return map;
  }, [fetched, key, projects, statuses, labels, members, users, syncId]);
}

function useFetchedProjects(ids: readonly number[], hint?: string | number): ReadonlyMap<number, ProjectDetailResponse> {
  const [map, setMap] = useState<ReadonlyMap<number, ProjectDetailResponse>>(() => new Map());
  const [version, setVersion] = useState(0);
  const { projects, syncId } = useSnapshot(syncState());
  // What the store holds is not fetched, nor anything while its first bootstrap is on its way.
  const pending = useSyncPending();
  const key = [...new Set(ids)]
    .filter((id) => !pending && (syncId === null || !projects[id]))
    .sort((a, b) => a - b)
    .join(',');
  const storeHint = syncId !== null && hint !== undefined && Object.values(projects).some((p) => p.id === Number(hint) || p.key === hint);
  hint = storeHint ? undefined : hint;

  useLiveEvents(
    (e) => e.type === 'project.updated' && e.projectId !== null && map.has(e.projectId),
    (e) => {
      forgetProject(e.projectId!);
      setVersion((v) => v + 1);
    },
  );

  useEffect(() => {
    let alive = true;
    const wanted = key ? key.split(',').map(Number) : [];
    const add = (entries: (readonly [number, ProjectDetailResponse] | null)[]) =>
      alive &&
      setMap((prev) => {
        const next = new Map(prev);
        let changed = false;
        for (const entry of entries) {
          if (entry && next.get(entry[0]) !== entry[1]) {
            next.set(entry[0], entry[1]);
            changed = true;
          }
        }
        return changed ? next : prev;
      });
    // The filtered project (by key) is usually already on its way: wait for it, so its id is
    // served from the cache rather than fetched a second time.
    const first = hint ? getProject(hint).then((d) => add([[d.project.id, d]]), () => undefined) : Promise.resolve();
    void first.then(() => Promise.all(wanted.map((id) => getProject(id).then((d) => [id, d] as const, () => null)))).then(add);
    return () => {
      alive = false;
    };
  }, [key, version, hint]);

  return map;
}

/** One project's details by id or key (`WEB`); null while loading or when absent. */
export function useProject(ref: string | number | undefined): { project: ProjectDetailResponse | null; error: unknown } {
  const [state, setState] = useState<{ ref: string | number | undefined; project: ProjectDetailResponse | null; error: unknown }>({ ref, project: null, error: null });
  useEffect(() => {
    if (ref === undefined || ref === '') return;
    let alive = true;
    getProject(ref).then(
      (project) => alive && setState({ ref, project, error: null }),
      (error: unknown) => alive && setState({ ref, project: null, error }),
    );
    return () => {
      alive = false;
    };
  }, [ref]);
  return state.ref === ref ? state : { project: null, error: null };
}

/** What a list or board shows of one project (by id or key): from the store when it holds it, else fetched. */
export function useListProject(ref: string | number | undefined): { project: ListProject | null; error: unknown } {
  const { projects, statuses, labels, members, users, syncId } = useSnapshot(syncState());
  const held = useMemo(() => {
    if (ref === undefined || ref === '' || syncId === null) return null;
    const p = Object.values(projects).find((x) => x.key === ref || String(x.id) === String(ref));
    return p ? storeListProject({ projects, statuses, labels, members, users, syncId }, p.id) : null;
  }, [ref, projects, statuses, labels, members, users, syncId]);
  const fetched = useProject(held ? undefined : ref);
  return held ? { project: held, error: null } : fetched;
}
