// Turns a quick-add line into a create request for My work: the project named by `+KEY` or the one
// chosen, `@person` resolved (otherwise me: it is my work), labels matched by name in that project,
// `*current` / `*next` as that project's cycle (none when it has none: the issue is made all the same).
import type { CreateIssueRequest } from '@tracker/shared/api/issues';
import type { ApplyTemplateRequest } from '@tracker/shared/api/templates';
import type { Label } from '@tracker/shared/api/projects';
import type { CycleChoice, QuickAddResult } from '@tracker/shared/quick-add/index';

export interface QuickAddContext {
  projects: readonly { id: number; key: string }[];
  chosenProjectId: number | null;
  labels: (projectId: number) => Promise<readonly Label[]>;
  findPerson: (handle: string) => Promise<number | null>;
  meId: number;
  /** The project's current or next cycle's id, or null when it has none. */
  cycleOf: (projectId: number, which: CycleChoice) => number | null;
}

export type QuickAddOutcome = { ok: true; request: CreateIssueRequest } | { ok: false; reason: 'noTitle' | 'noProject' };

export async function quickAddRequest(raw: string, parsed: QuickAddResult, ctx: QuickAddContext): Promise<QuickAddOutcome> {
  const title = parsed.title.trim() || raw.trim();
  if (!title) return { ok: false, reason: 'noTitle' };
  const named = parsed.projectKey ? ctx.projects.find((p) => p.key === parsed.projectKey) : undefined;
  const projectId = named?.id ?? ctx.chosenProjectId;
  if (!projectId) return { ok: false, reason: 'noProject' };
  const handle = parsed.assignee;
  const assigneeId = !handle || handle === 'me' ? ctx.meId : ((await ctx.findPerson(handle)) ?? ctx.meId);
  const labels = parsed.labels.length ? await ctx.labels(projectId) : [];
  const labelIds = parsed.labels.map((name) => labels.find((l) => l.name.toLowerCase() === name.toLowerCase())?.id).filter((id): id is number => id !== undefined);
  const cycleId = parsed.cycle ? ctx.cycleOf(projectId, parsed.cycle) : null;
  return { ok: true, request: { projectId, title, priority: parsed.priority ?? 'none', assigneeId, labelIds, dueDate: parsed.dueDate, ...(cycleId ? { cycleId } : {}) } };
}

/**
 * `/name rest` with a template: only what the rest's tokens say goes over the template's fields
 * (no "assign to me" default, no "no priority"); its labels are added to the template's.
 */
export async function templateApplyRequest(parsed: QuickAddResult, projectId: number, templateLabelIds: readonly number[], ctx: Pick<QuickAddContext, 'labels' | 'findPerson' | 'meId' | 'cycleOf'>): Promise<ApplyTemplateRequest> {
  const handle = parsed.assignee;
  const assigneeId = !handle ? undefined : handle === 'me' ? ctx.meId : ((await ctx.findPerson(handle)) ?? undefined);
  const labels = parsed.labels.length ? await ctx.labels(projectId) : [];
  const labelIds = parsed.labels.map((name) => labels.find((l) => l.name.toLowerCase() === name.toLowerCase())?.id).filter((id): id is number => id !== undefined);
  const cycleId = parsed.cycle ? ctx.cycleOf(projectId, parsed.cycle) : null;
  return {
    text: parsed.title.trim(),
    ...(cycleId ? { cycleId } : {}),
    ...(parsed.priority ? { priority: parsed.priority } : {}),
    ...(parsed.dueDate ? { dueDate: parsed.dueDate } : {}),
    ...(assigneeId !== undefined ? { assigneeId } : {}),
    ...(labelIds.length ? { labelIds: [...new Set([...templateLabelIds, ...labelIds])] } : {}),
  };
}
