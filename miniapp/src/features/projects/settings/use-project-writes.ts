// Every change the project settings make to the project's own rows, through the store's one write
// (store/write-rows.ts): shown at once, joined by the answer, rolled back on refusal. A list editor's
// refusal is a toast in the server's words; the details form puts it under its fields instead.
import type { UserRef } from '@tracker/shared/api/common';
import type { Label, Member, Project, ProjectDetailResponse, ProjectRole, Status, StatusCategory, UpdateProjectRequest } from '@tracker/shared/api/projects';
import type { SyncProject } from '@tracker/shared/api/sync';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toasts.ts';
import { memberKey, storeProject, syncState, temporaryId, writeStoreRows, type RowPatch, type RowWrite } from '../../../store/index.ts';
import { projectsApi } from '../api.ts';

type Lists = Pick<ProjectDetailResponse, 'statuses' | 'labels' | 'members'>;

/** Statuses, labels and members as the store holds them (so a change shows at once); the page's answer until it does. */
export function useSettingsLists(detail: ProjectDetailResponse): Lists {
  const { projects, statuses, labels, members, users, syncId } = useSnapshot(syncState());
  const id = detail.project.id;
  return useMemo(
    () => storeProject({ projects, statuses, labels, members, users, syncId }, id) ?? { statuses: detail.statuses, labels: detail.labels, members: detail.members },
    [projects, statuses, labels, members, users, syncId, id, detail],
  );
}

const syncProject = ({ lead, issueCount: _i, openIssueCount: _o, ...rest }: Project): SyncProject => ({ ...rest, leadId: lead?.id ?? null });

/**
 * The settings' writes for one project. `refetch` asks for the page's answer again after a change,
 * while the store does not hold the project yet (before its first sync, or an admin who is no member).
 */
export function useProjectWrites(projectId: number, refetch: () => Promise<void>) {
  const { t } = useTranslation();
  return useMemo(() => {
    const held = () => storeProject(syncState(), projectId) !== null;
    const withProject = <T extends object>(row: T) => ({ ...row, projectId });
    const membersPatch = (members: readonly Member[]): RowPatch => ({
      members: Object.fromEntries(members.map((m) => [memberKey(projectId, m.user.id), { projectId, userId: m.user.id, role: m.role }])),
      users: Object.fromEntries(members.map((m) => [m.user.id, m.user])),
    });
    const send = async <T>(write: RowWrite<T>): Promise<T> => {
      const answer = await writeStoreRows(held() ? write : { call: write.call });
      if (!held()) await refetch();
      return answer;
    };
    /** A list editor's change: a refusal is rolled back and said in a toast; resolves false then. */
    const apply = async <T>(write: RowWrite<T>): Promise<boolean> => {
      try {
        await send(write);
        return true;
      } catch (err) {
        toast({ title: errorText(err, t), color: 'error' });
        return false;
      }
    };
    const status = (id: number) => syncState().statuses[id];
    const label = (id: number) => syncState().labels[id];

    return {
      /** The details form's save: a refusal is thrown, for the form to show under its fields. */
      saveDetails: (values: UpdateProjectRequest) => {
        const row = syncState().projects[projectId];
        const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
        const optimistic: RowPatch = row ? { projects: { [projectId]: { ...row, ...given } as SyncProject } } : {};
        return send({ optimistic, call: () => projectsApi.update(projectId, values), settled: (answer) => ({ projects: { [projectId]: syncProject(answer.project) } }) });
      },
      labels: {
        add: (name: string, color: string) => {
          const temp = temporaryId();
          return apply({
            optimistic: { labels: { [temp]: { id: temp, projectId, name, color } } },
            call: () => projectsApi.createLabel(projectId, { name, color }),
            settled: ({ label: l }) => ({ labels: { [temp]: null, [l.id]: withProject(l) } }),
          });
        },
        update: (l: Label, body: Partial<Pick<Label, 'name' | 'color'>>) =>
          apply({
            optimistic: { labels: { [l.id]: { ...(label(l.id) ?? withProject(l)), ...body } } },
            call: () => projectsApi.updateLabel(l.id, body),
            settled: ({ label: next }) => ({ labels: { [next.id]: withProject(next) } }),
          }),
        remove: (l: Label) => apply({ optimistic: { labels: { [l.id]: null } }, call: () => projectsApi.deleteLabel(l.id) }),
      },
      statuses: {
        add: (name: string, category: StatusCategory, color: string, position: number) => {
          const temp = temporaryId();
          return apply({
            optimistic: { statuses: { [temp]: { id: temp, projectId, name, category, color, position, waiting: false } } },
            call: () => projectsApi.createStatus(projectId, { name, category, color }),
            settled: ({ status: s }) => ({ statuses: { [temp]: null, [s.id]: withProject(s) } }),
          });
        },
        update: (s: Status, body: Partial<Pick<Status, 'name' | 'color' | 'category' | 'waiting'>>) =>
          apply({
            optimistic: { statuses: { [s.id]: { ...(status(s.id) ?? withProject(s)), ...body } } },
            call: () => projectsApi.updateStatus(s.id, body),
            settled: ({ status: next }) => ({ statuses: { [next.id]: withProject(next) } }),
          }),
        remove: (s: Status, moveTo: number) => apply({ optimistic: { statuses: { [s.id]: null } }, call: () => projectsApi.deleteStatus(s.id, moveTo) }),
        /** `ordered`: every status, in the new order. */
        reorder: (ordered: readonly Status[]) =>
          apply({
            optimistic: { statuses: Object.fromEntries(ordered.map((s, i) => [s.id, { ...withProject(s), position: i + 1 }])) },
            call: () => projectsApi.reorderStatuses(projectId, ordered.map((s) => s.id)),
            settled: ({ statuses }) => ({ statuses: Object.fromEntries(statuses.map((s) => [s.id, withProject(s)])) }),
          }),
      },
      members: {
        set: (user: UserRef, role: ProjectRole) =>
          apply({
            optimistic: { members: { [memberKey(projectId, user.id)]: { projectId, userId: user.id, role } }, users: { [user.id]: user } },
            call: () => projectsApi.setMember(projectId, user.id, role),
            settled: ({ members }) => membersPatch(members),
          }),
        remove: (userId: number) =>
          apply({ optimistic: { members: { [memberKey(projectId, userId)]: null } }, call: () => projectsApi.removeMember(projectId, userId), settled: ({ members }) => membersPatch(members) }),
      },
    };
  }, [projectId, refetch, t]);
}

export type ProjectWrites = ReturnType<typeof useProjectWrites>;
