// A one-line `/new`'s `@person` and `#labels` (shared quick-add parser) as ids in the project:
// `@me`/`@я` is the author, another handle matches as comment mentions do (among those who may see
// the project), labels match by name, case-insensitively. What matches nothing is left out.
import type { EntityManager } from '@mikro-orm/postgresql';
import { resolveHandle } from '../issues/mentions.ts';
import { projectLabelNames } from './bot-backend.repository.ts';

export async function quickAddNames(em: EntityManager, projectId: number, authorId: number, handle: string | null, labels: string[]) {
  const assigneeId = handle === 'me' ? authorId : handle ? await resolveHandle(em, handle, projectId) : null;
  const wanted = new Set(labels.map((l) => l.toLowerCase()));
  const labelIds = wanted.size
    ? (await projectLabelNames(em, projectId)).filter((l) => wanted.has(l.name.toLowerCase())).map((l) => l.id)
    : [];
  return { assigneeId, labelIds };
}
