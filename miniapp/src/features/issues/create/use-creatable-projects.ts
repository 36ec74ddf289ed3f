// The projects where I may create issues, for the create dialog: the list of the last open shows at
// once, and is read again on every open (a project may have been added or archived since).
import type { Project } from '@tracker/shared/api/projects';
import { canInProject } from '@tracker/shared/permissions';
import { useEffect, useState } from 'react';
import { lookupApi } from '../api-detail.ts';
import { loadMe } from '../detail/use-me.ts';

let last: Project[] | null = null;

export function useCreatableProjects(): { projects: Project[] | null; error: unknown } {
  const [state, setState] = useState<{ projects: Project[] | null; error: unknown }>({ projects: last, error: null });
  useEffect(() => {
    let live = true;
    Promise.all([loadMe(), lookupApi.projects()]).then(
      ([me, all]) => {
        last = all.filter((p) => !p.archivedAt && canInProject(p.myRole, me?.roles, 'issue.create'));
        if (live) setState({ projects: last, error: null });
      },
      (error: unknown) => live && setState((s) => ({ projects: s.projects, error })),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
