// What the issue page takes from the client store instead of asking the server (issue 14): the issue
// as a list saw it (for the first frame), and its project's statuses, labels and members and the
// custom fields that apply to it. Null: the store does not hold it, ask the API.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { IssueDetail, IssueListItem } from '@tracker/shared/api/issues';
import type { Snapshot } from 'valtio';
import type { SyncData } from '../../../store/index.ts';
import { held } from '../../../store/projects.ts';

export { storeListProject, storeProject, type IssueProject, type ListProject } from '../../../store/projects.ts';

type Tables = Snapshot<Pick<SyncData, 'issues'>>;

/** The issue by its key (`WEB-7`) or id, as the store holds it. */
export function storeIssue(store: Tables, ref: string): Snapshot<IssueListItem> | null {
  if (/^\d+$/.test(ref)) return store.issues[Number(ref)] ?? null;
  const key = ref.toUpperCase();
  for (const issue of Object.values(store.issues)) if (issue.key === key) return issue;
  return null;
}

/** Active custom fields that apply to the project, in their order. */
export function storeFields(store: Pick<SyncData, 'projects' | 'customFields' | 'syncId'>, projectId: number): CustomField[] | null {
  if (!held(store, projectId)) return null;
  return Object.values(store.customFields)
    .filter((f) => !f.archivedAt && (f.scope === 'all' || f.projectIds.includes(projectId)))
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * The page's issue with what the store's feed brought since the page call (someone else's change):
 * the list fields, when the store's copy is newer. The rest (description, relations…) waits for the
 * live refetch. Unchanged (same object) when the store has nothing newer.
 */
export function withStoreCopy(
  detail: IssueDetail,
  copy: Snapshot<IssueListItem>,
  store: Snapshot<Pick<SyncData, 'statuses' | 'labels' | 'issues'>>,
  streams: readonly { id: number; name: string }[] = [],
): IssueDetail {
  if (copy.id !== detail.id || Date.parse(copy.updatedAt) <= Date.parse(detail.updatedAt)) return detail;
  const status = store.statuses[copy.statusId];
  const labelOf = (id: number) => store.labels[id] ?? detail.labels.find((l) => l.id === id);
  const parent = copy.parentId === null ? null : copy.parentId === detail.parent?.id ? detail.parent : store.issues[copy.parentId];
  return {
    ...detail,
    title: copy.title,
    statusId: copy.statusId,
    status: status ? { id: status.id, name: status.name, category: status.category, color: status.color, position: status.position, waiting: status.waiting } : detail.status,
    priority: copy.priority,
    assignee: copy.assignee ? { ...copy.assignee } : null,
    labelIds: [...copy.labelIds],
    labels: copy.labelIds.map(labelOf).flatMap((l) => (l ? [{ id: l.id, name: l.name, color: l.color }] : [])),
    streamIds: [...copy.streamIds],
    streams: copy.streamIds.flatMap((id) => {
      const s = detail.streams.find((x) => x.id === id) ?? streams.find((x) => x.id === id);
      return s ? [{ id: s.id, name: s.name }] : [];
    }),
    startDate: copy.startDate,
    dueDate: copy.dueDate,
    estimate: copy.estimate,
    parentId: copy.parentId,
    parent: parent ? { id: parent.id, key: parent.key, title: parent.title } : null,
    customValues: { ...copy.customValues },
    commentCount: copy.commentCount,
    spentMinutes: copy.spentMinutes,
    updatedAt: copy.updatedAt,
    completedAt: copy.completedAt,
    sla: copy.sla ? { ...copy.sla } : null,
  };
}
