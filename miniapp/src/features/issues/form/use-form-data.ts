// Reference data the issue form needs for the chosen project: statuses, labels, custom fields;
// and the streams list once.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { Stream } from '@tracker/shared/api/streams';
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { lookupApi } from '../api-detail.ts';
import { rememberUsers } from '../detail/people.ts';
import { defaultValues } from '../custom-fields/values.ts';
import type { IssueFormValues } from './model.ts';

export interface ProjectData {
  projectId: number;
  detail: ProjectDetailResponse | null;
  fields: CustomField[];
}

export function useProjectData(projectId: number | null): ProjectData | null {
  const [data, setData] = useState<ProjectData | null>(null);
  useEffect(() => {
    if (!projectId) {
      setData(null);
      return;
    }
    let live = true;
    void Promise.all([lookupApi.project(projectId).catch(() => null), lookupApi.customFields(projectId).catch(() => [] as CustomField[])]).then(([detail, fields]) => {
      if (!live) return;
      rememberUsers(detail?.members.map((m) => m.user) ?? []);
      setData({ projectId, detail, fields });
    });
    return () => {
      live = false;
    };
  }, [projectId]);
  return data && data.projectId === projectId ? data : null;
}

export function useStreams(): Stream[] {
  const [streams, setStreams] = useState<Stream[]>([]);
  useEffect(() => {
    let live = true;
    lookupApi.streams().then((s) => live && setStreams(s), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return streams;
}

/**
 * When the form lands on another project (and once for a new form): that project's custom-field
 * defaults and default status, and only its own labels. `startProjectId`: the project the values
 * already belong to (an edit), which needs no reset.
 */
export function useProjectSwitch(projectData: ProjectData | null, setValues: Dispatch<SetStateAction<IssueFormValues>>, startProjectId: number | null = null) {
  const seen = useRef<number | null>(startProjectId);
  useEffect(() => {
    if (!projectData || seen.current === projectData.projectId) return;
    seen.current = projectData.projectId;
    const labelIds = new Set((projectData.detail?.labels ?? []).map((l) => l.id));
    setValues((v) => ({ ...v, statusId: null, labelIds: v.labelIds.filter((id) => labelIds.has(id)), customValues: defaultValues(projectData.fields) }));
  }, [projectData, setValues]);
}
