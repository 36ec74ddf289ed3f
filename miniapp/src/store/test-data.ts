// Builders for the sync tests: entities as the server sends them, with only what a test cares about given.
import type { Comment, IssueListItem } from '@tracker/shared/api/issues';
import type { SyncBootstrapResponse, SyncProject, SyncStatus } from '@tracker/shared/api/sync';

export function project(id: number, key: string, extra: Partial<SyncProject> = {}): SyncProject {
  const at = '2026-01-01T00:00:00.000Z';
  return { id, key, name: key, description: '', color: '#000000', icon: null, leadId: null, visibility: 'members', archivedAt: null, createdAt: at, updatedAt: at, myRole: 'member', ...extra };
}

export function status(id: number, projectId: number, category: SyncStatus['category'] = 'unstarted'): SyncStatus {
  return { id, projectId, name: `S${id}`, category, color: '#000000', position: id, waiting: false };
}

export function issue(id: number, projectId: number, extra: Partial<IssueListItem> = {}): IssueListItem {
  const at = new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString();
  return {
    id,
    key: `P${projectId}-${id}`,
    projectId,
    number: id,
    title: `Issue ${id}`,
    statusId: projectId * 10,
    priority: 'none',
    assignee: null,
    labelIds: [],
    streamIds: [],
    startDate: null,
    dueDate: null,
    estimate: null,
    parentId: null,
    cycleId: null,
    milestoneId: null,
    sortOrder: id,
    customValues: {},
    commentCount: 0,
    spentMinutes: 0,
    createdAt: at,
    updatedAt: at,
    completedAt: null,
    recurrence: null,
    sla: null,
    ...extra,
  };
}

export function comment(id: number, issueId: number, body = `c${id}`): Comment {
  const at = '2026-02-01T00:00:00.000Z';
  return { id, issueId, author: { id: 1, name: 'Ann' }, body, bodyHtml: `<p>${body}</p>`, createdAt: at, updatedAt: at, mentions: [] };
}

/** Two projects (1 "PA", 2 "PB"), a status each (10, 20), a label and a member each, issues 1–3 in PA and 4 in PB. */
export function bootstrapOf(extra: Partial<SyncBootstrapResponse> = {}): SyncBootstrapResponse {
  return {
    syncId: 5,
    projects: [project(1, 'PA'), project(2, 'PB')],
    statuses: [status(10, 1), status(20, 2, 'completed')],
    labels: [
      { id: 100, projectId: 1, name: 'bug', color: '#ff0000' },
      { id: 200, projectId: 2, name: 'ux', color: '#00ff00' },
    ],
    members: [
      { projectId: 1, userId: 1, role: 'owner' },
      { projectId: 2, userId: 1, role: 'member' },
    ],
    users: [{ id: 1, name: 'Ann' }],
    customFields: [],
    views: [],
    streams: [{ id: 1, name: 'Launch', status: 'in_progress' }],
    cycles: [],
    milestones: [],
    issues: [issue(1, 1), issue(2, 1), issue(3, 1), issue(4, 2)],
    nextBefore: null,
    ...extra,
  };
}
