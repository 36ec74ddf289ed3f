// Typed calls of the projects API (shapes from @tracker/shared/api/projects).
import { invites } from '@tracker/shared/api/contract/invites';
import { projects, workflow } from '@tracker/shared/api/contract/projects';
import { sla } from '@tracker/shared/api/contract/sla';
import type { SlaSettings } from '@tracker/shared/api/sla';
import { triage } from '@tracker/shared/api/contract/triage';
import type { CreateInviteInput } from '@tracker/shared/api/invites';
import type { TriageActionInput } from '@tracker/shared/api/triage';
import type { CreateProjectRequest, ProjectRole, StatusCategory, UpdateProjectRequest } from '@tracker/shared/api/projects';
import { api } from '../../lib/api-client.ts';

export const projectsApi = {
  list: (archived: '0' | '1' | 'all' = '0') => api(projects.list, { query: { archived } }),
  get: (idOrKey: string | number) => api(projects.get, { params: { ref: idOrKey } }),
  create: (body: CreateProjectRequest) => api(projects.create, { body }),
  update: (id: number, body: UpdateProjectRequest) => api(projects.update, { params: { id }, body }),
  setArchived: (id: number, archived: boolean) => api(archived ? projects.archive : projects.unarchive, { params: { id } }),
  remove: (id: number) => api(projects.remove, { params: { id } }),
  setMember: (id: number, userId: number, role: ProjectRole) => api(projects.setMember, { params: { id, userId }, body: { role } }),
  removeMember: (id: number, userId: number) => api(projects.removeMember, { params: { id, userId } }),
  activity: (id: number, limit = 30) => api(projects.activity, { params: { id }, query: { limit } }),
  checklist: (id: number) => api(projects.checklist, { params: { id } }),

  createStatus: (projectId: number, body: { name: string; category: StatusCategory; color?: string }) => api(workflow.createStatus, { params: { id: projectId }, body }),
  updateStatus: (id: number, body: Partial<{ name: string; category: StatusCategory; color: string; waiting: boolean }>) => api(workflow.updateStatus, { params: { id }, body }),
  deleteStatus: (id: number, moveTo: number) => api(workflow.deleteStatus, { params: { id }, query: { moveTo } }),
  reorderStatuses: (projectId: number, ids: number[]) => api(workflow.reorderStatuses, { params: { id: projectId }, body: { ids } }),

  sla: (projectId: number) => api(sla.get, { params: { id: projectId } }),
  putSla: (projectId: number, body: SlaSettings) => api(sla.put, { params: { id: projectId }, body }),

  createLabel: (projectId: number, body: { name: string; color?: string }) => api(workflow.createLabel, { params: { id: projectId }, body }),
  updateLabel: (id: number, body: Partial<{ name: string; color: string }>) => api(workflow.updateLabel, { params: { id }, body }),
  deleteLabel: (id: number) => api(workflow.deleteLabel, { params: { id } }),
};

export const invitesApi = {
  list: (projectId: number) => api(invites.list, { params: { id: projectId } }).then((r) => r.invites),
  create: (projectId: number, body: CreateInviteInput) => api(invites.create, { params: { id: projectId }, body }),
  revoke: (projectId: number, inviteId: number) => api(invites.revoke, { params: { id: projectId, inviteId } }),
  preview: (token: string) => api(invites.preview, { params: { token } }),
  accept: (token: string) => api(invites.accept, { params: { token } }),
};

export const triageApi = {
  /** A project's Triage, or mine across my projects. */
  list: (projectId: number | null) => (projectId === null ? api(triage.mine) : api(triage.list, { params: { id: projectId } })),
  act: (issueId: number, input: TriageActionInput) => api(triage.act, { params: { ref: issueId }, body: input }),
};

