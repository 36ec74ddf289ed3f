// Typed calls of the cycles and milestones API (issue 29; shapes from @tracker/shared/api/cycles, milestones).
import { cycles } from '@tracker/shared/api/contract/cycles';
import { milestones } from '@tracker/shared/api/contract/milestones';
import type { CycleSettings } from '@tracker/shared/api/cycles';
import type { CreateMilestoneRequest, UpdateMilestoneRequest } from '@tracker/shared/api/milestones';
import { api } from '../../lib/api-client.ts';

export const planApi = {
  cadence: (projectId: number) => api(cycles.list, { params: { id: projectId } }),
  cycle: (id: string | number) => api(cycles.get, { params: { id } }).then((r) => r.cycle),
  setCadence: (projectId: number, body: CycleSettings | null) => api(cycles.settings, { params: { id: projectId }, body }),
  milestones: (projectId: number) => api(milestones.list, { params: { id: projectId } }).then((r) => r.milestones),
  milestone: (id: string | number) => api(milestones.get, { params: { id } }).then((r) => r.milestone),
  createMilestone: (projectId: number, body: CreateMilestoneRequest) => api(milestones.create, { params: { id: projectId }, body }),
  updateMilestone: (id: number, body: UpdateMilestoneRequest) => api(milestones.update, { params: { id }, body }),
  removeMilestone: (id: number) => api(milestones.remove, { params: { id } }),
};
