// The projects where I may create issues, for the create dialog and page: from the client store, so
// a project added or archived since shows at once (null until the store's first bootstrap).
import type { SyncProject } from '@tracker/shared/api/sync';
import { canInProject } from '@tracker/shared/permissions';
import { useMemo } from 'react';
import { useMe } from '../../../lib/auth.ts';
import { useStoreReference } from '../../../store/index.ts';

export function useCreatableProjects(): readonly SyncProject[] | null {
  const me = useMe();
  const store = useStoreReference();
  return useMemo(
    () => (store ? (store.projects as SyncProject[]).filter((p) => canInProject(p.myRole, me?.roles, 'issue.create')) : null),
    [store, me],
  );
}
