// Reference data the issue form needs for the chosen project (statuses, labels, custom fields) and
// the streams, from the client store.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { Stream } from '@tracker/shared/api/streams';
import { useEffect, useMemo, useRef, type Dispatch, type SetStateAction } from 'react';
import { useSnapshot } from 'valtio';
import { syncState, useStoreReference } from '../../../store/index.ts';
import { storeFields, storeProject, type IssueProject } from '../detail/from-store.ts';
import { defaultValues } from '../custom-fields/values.ts';
import type { IssueFormValues } from './model.ts';

export interface ProjectData {
  projectId: number;
  detail: IssueProject | null;
  fields: CustomField[];
}

/** The chosen project's statuses, labels, members and custom fields, from the client store. */
export function useProjectData(projectId: number | null): ProjectData | null {
  const { projects, statuses, labels, members, users, customFields, syncId } = useSnapshot(syncState());
  return useMemo(() => {
    if (!projectId) return null;
    const tables = { projects, statuses, labels, members, users, customFields, syncId } as Parameters<typeof storeProject>[0] & Parameters<typeof storeFields>[0];
    const detail = storeProject(tables, projectId);
    return detail ? { projectId, detail, fields: storeFields(tables, projectId) ?? [] } : null;
  }, [projectId, projects, statuses, labels, members, users, customFields, syncId]);
}

/** Every stream, from the client store. */
export function useStreams(): readonly Pick<Stream, 'id' | 'name'>[] {
  return useStoreReference()?.streams ?? NONE;
}

const NONE: readonly Pick<Stream, 'id' | 'name'>[] = [];

/**
 * When the form lands on another project (and once for a new form): that project's custom-field
 * defaults and default status, and only its own labels, cycle and milestone. `startProjectId`: the project the values
 * already belong to (an edit), which needs no reset.
 */
export function useProjectSwitch(projectData: ProjectData | null, setValues: Dispatch<SetStateAction<IssueFormValues>>, startProjectId: number | null = null) {
  const seen = useRef<number | null>(startProjectId);
  useEffect(() => {
    if (!projectData || seen.current === projectData.projectId) return;
    seen.current = projectData.projectId;
    const labelIds = new Set((projectData.detail?.labels ?? []).map((l) => l.id));
    // A cycle or milestone stays only if it is the new project's (quick add may have set both at once).
    const { cycles, milestones } = syncState();
    const own = (table: Record<number, { projectId: number }>, id: number | null) => (id !== null && table[id]?.projectId === projectData.projectId ? id : null);
    setValues((v) => ({
      ...v,
      statusId: null,
      labelIds: v.labelIds.filter((id) => labelIds.has(id)),
      cycleId: own(cycles, v.cycleId),
      milestoneId: own(milestones, v.milestoneId),
      customValues: defaultValues(projectData.fields),
    }));
  }, [projectData, setValues]);
}
