import type { IssueTemplate } from '@tracker/shared/api/templates';
import { useQuery } from './query.ts';
import { templatesApi } from './api/templates.ts';

const NONE: IssueTemplate[] = [];

/** A project's templates (empty while loading, on a failure or without a project), and a reload. */
export function useTemplates(projectId: number | null) {
  const list = useQuery(projectId ? ['templates', projectId] : null, () => templatesApi.list(projectId!));
  return { templates: list.data ?? NONE, loaded: list.data !== undefined, error: list.error, reload: list.refetch };
}
