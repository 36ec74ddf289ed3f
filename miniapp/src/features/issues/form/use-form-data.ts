// Reference data the issue form needs for the chosen project: statuses, labels, custom fields;
// and the streams list once.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { Stream } from '@tracker/shared/api/streams';
import { useEffect, useState } from 'react';
import { lookupApi } from '../api-detail.ts';
import { rememberUsers } from '../detail/people.ts';

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
