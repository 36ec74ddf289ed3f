// The projects a field may apply to, archived ones too (a field may still name them): from the
// client store, which holds every project the admin sees; null until its first bootstrap.
import { useMemo } from 'react';
import { useSyncStore } from '../../../store/index.ts';
import type { ProjectOption } from './api.ts';

export function useProjectOptions(): readonly ProjectOption[] | null {
  const { projects, syncId } = useSyncStore();
  return useMemo(
    () =>
      syncId === null
        ? null
        : Object.values(projects).sort((a, b) => {
            const x = a.name.toLowerCase();
            const y = b.name.toLowerCase();
            return x < y ? -1 : x > y ? 1 : a.id - b.id;
          }),
    [projects, syncId],
  );
}
