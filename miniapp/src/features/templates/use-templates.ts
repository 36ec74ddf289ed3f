import type { IssueTemplate } from '@tracker/shared/api/templates';
import { useCallback, useEffect, useState } from 'react';
import { templatesApi } from './api.ts';

/** A project's templates (empty while loading, on a failure or without a project), and a reload. */
export function useTemplates(projectId: number | null) {
  const [list, setList] = useState<{ projectId: number; templates: IssueTemplate[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [seq, setSeq] = useState(0);
  useEffect(() => {
    if (!projectId) return;
    let live = true;
    templatesApi.list(projectId).then(
      (templates) => live && (setList({ projectId, templates }), setError(null)),
      (err: unknown) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [projectId, seq]);
  const reload = useCallback(() => setSeq((n) => n + 1), []);
  const templates = list && list.projectId === projectId ? list.templates : [];
  return { templates, loaded: list?.projectId === projectId, error, reload };
}
