// Quick add's "Ivan is not in MA — add?": offered to whoever may manage the project's members (the
// server checks it again); the person joins as a member and the sync feed resolves the chip.
import { canInProject } from '@tracker/shared/permissions';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useMe } from '../../lib/auth.ts';
import { usersApi } from '../../lib/api/people.ts';
import { errorText } from '../../lib/error-text.ts';
import { toast } from '../../lib/toasts.ts';
import { syncState } from '../../store/index.ts';

export function useAddToProject(projectId: number | null, person: { id: number; name: string } | undefined): (() => void) | undefined {
  const { t } = useTranslation();
  const me = useMe();
  const { projects } = useSnapshot(syncState());
  const project = projectId === null ? undefined : projects[projectId];
  if (!person || !project || project.archivedAt || !canInProject(project.myRole, me?.roles, 'project.members')) return undefined;
  return () => {
    usersApi.addToProject(project.id, person.id).then(
      () => toast({ title: t('issues.quickAdd.addedToProject', { name: person.name, project: project.key }), color: 'success' }),
      (err: unknown) => toast({ title: errorText(err, t), color: 'error' }),
    );
  };
}
