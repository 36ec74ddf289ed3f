// Cycles (issue 29, docs/cycles.md): a project's cadence makes its current and upcoming cycles; a
// cycle can also be made or moved by hand. Every write checks `project.plan`; reads `project.view`.
import type { EntityManager } from '@mikro-orm/postgresql';
import { CYCLE_MAX_DAYS, CYCLES_AHEAD, VELOCITY_CYCLES, type createCycleSchema, type Cycle, type CycleDetail, type CycleSettings, type CycleSettingsResponse, type updateCycleSchema } from '@tracker/shared/api/cycles';
import { cycleState, daysBetween, nextCycleSpan } from '@tracker/shared/cycle-dates';
import { todayIn } from '@tracker/shared/dates';
import { fieldError, notFound } from '@tracker/shared/domain-errors';
import type { z } from 'zod';
import { requireAccess, requireProject, type Viewer } from '../projects/project-access.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { viewerDay } from '../users/user-day.repository.ts';
import { cycleWithStats } from './cycle-stats.repository.ts';
import {
  cycleHorizon,
  deleteCadence,
  deleteCycleRow,
  deleteEmptyUpcoming,
  insertCycle,
  lockProjectCycles,
  overlapsCycle,
  projectCycles,
  selectCadence,
  selectCycle,
  toCycle,
  updateCycleRow,
  upsertCadence,
} from './cycle.repository.ts';

type CreateInput = z.output<typeof createCycleSchema>;
type UpdateInput = z.output<typeof updateCycleSchema>;

async function settingsAnswer(em: EntityManager, projectId: number): Promise<CycleSettingsResponse> {
  return { settings: await selectCadence(em, projectId), cycles: await projectCycles(em, projectId) };
}

export async function listCycles(em: EntityManager, viewer: Viewer, projectRef: number): Promise<CycleSettingsResponse> {
  const { project } = await requireProject(em, viewer, projectRef, 'project.view');
  return settingsAnswer(em, project.id);
}

/**
 * Makes the cadence's cycles until `CYCLES_AHEAD` upcoming ones follow the current one. Under the
 * project's cycle lock: the job of another replica and a settings change make each cycle once.
 */
export async function ensureCycles(em: EntityManager, projectId: number, now = new Date()): Promise<void> {
  await lockProjectCycles(em, projectId);
  const cadence = await selectCadence(em, projectId);
  if (!cadence) return;
  const today = todayIn(cadence.timeZone, now);
  let { lastEnd, ahead } = await cycleHorizon(em, projectId, today);
  while (ahead < CYCLES_AHEAD + 1) {
    const span = nextCycleSpan(lastEnd, today, cadence);
    await insertCycle(em, { projectId, name: null, ...span, timeZone: cadence.timeZone });
    lastEnd = span.endsOn;
    ahead++;
  }
}

/** Sets the cadence (null stops it; the cycles made stay). Upcoming cycles that never held an issue make way for the new cadence's. */
export async function setCadence(em: EntityManager, viewer: Viewer, projectRef: number, input: CycleSettings | null, now = new Date()): Promise<CycleSettingsResponse> {
  return em.transactional(async (tx) => {
    const { project } = await requireProject(tx, viewer, projectRef, 'project.plan');
    assertWritable(project);
    await lockProjectCycles(tx, project.id);
    if (!input) {
      await deleteCadence(tx, project.id);
      return settingsAnswer(tx, project.id);
    }
    const { timeZone } = await viewerDay(tx, viewer);
    await upsertCadence(tx, project.id, { ...input, timeZone });
    await deleteEmptyUpcoming(tx, project.id, todayIn(timeZone, now));
    await ensureCycles(tx, project.id, now);
    return settingsAnswer(tx, project.id);
  });
}

async function checkSpan(em: EntityManager, projectId: number, span: { startsOn: string; endsOn: string }, exceptId?: number) {
  if (span.endsOn <= span.startsOn) throw fieldError('endsOn', 'validation.cycleEmpty');
  if (daysBetween(span.startsOn, span.endsOn) > CYCLE_MAX_DAYS) throw fieldError('endsOn', 'validation.cycleTooLong');
  if (await overlapsCycle(em, projectId, span, exceptId)) throw fieldError('startsOn', 'validation.cycleOverlap');
}

export async function createCycle(em: EntityManager, viewer: Viewer, projectRef: number, input: CreateInput): Promise<Cycle> {
  return em.transactional(async (tx) => {
    const { project } = await requireProject(tx, viewer, projectRef, 'project.plan');
    assertWritable(project);
    await lockProjectCycles(tx, project.id);
    await checkSpan(tx, project.id, input);
    const cadence = await selectCadence(tx, project.id);
    const timeZone = cadence?.timeZone ?? (await viewerDay(tx, viewer)).timeZone;
    const id = await insertCycle(tx, { projectId: project.id, name: input.name, startsOn: input.startsOn, endsOn: input.endsOn, timeZone });
    return (await selectCycle(tx, id))!;
  });
}

/** The cycle and the caller's access to its project; a cycle of a project they cannot see is a 404. */
async function requireCycle(em: EntityManager, viewer: Viewer, id: number, capability: 'project.view' | 'project.plan', lock = false) {
  const cycle = await selectCycle(em, id, lock);
  if (!cycle) throw notFound('cycle');
  const access = await requireProject(em, viewer, cycle.projectId, capability).catch((err: unknown) => {
    throw (err as { kind?: string }).kind === 'not_found' ? notFound('cycle') : err;
  });
  return { cycle, ...access };
}

export async function updateCycle(em: EntityManager, viewer: Viewer, id: number, input: UpdateInput): Promise<Cycle> {
  return em.transactional(async (tx) => {
    const { cycle, project } = await requireCycle(tx, viewer, id, 'project.plan', true);
    assertWritable(project);
    await lockProjectCycles(tx, project.id);
    if (input.startsOn || input.endsOn) await checkSpan(tx, project.id, { startsOn: input.startsOn ?? cycle.startsOn, endsOn: input.endsOn ?? cycle.endsOn }, cycle.id);
    await updateCycleRow(tx, cycle.id, input);
    return (await selectCycle(tx, cycle.id))!;
  });
}

export async function deleteCycle(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    const { cycle, project } = await requireCycle(tx, viewer, id, 'project.plan', true);
    assertWritable(project);
    await deleteCycleRow(tx, cycle.id);
  });
}

/** The cycle page: its counts now, its burndown day by day, and the velocity of the cycles before it. */
export async function cycleDetail(em: EntityManager, viewer: Viewer, id: number, now = new Date()): Promise<CycleDetail> {
  const found = await cycleWithStats(em, id, viewer.id, now, VELOCITY_CYCLES);
  if (!found) throw notFound('cycle');
  requireAccess(viewer, found, 'project.view', 'cycle');
  const cycle = toCycle(found.row);
  const state = cycleState(cycle, todayIn(cycle.timeZone, now));
  const length = daysBetween(cycle.startsOn, cycle.endsOn);
  const burndown = found.burndown.map((p, i) => ({ ...p, ideal: Math.round(((p.scope * (i + 1)) / length) * 100) / 100 }));
  const byStatus = found.byStatus;
  const now_ = { scope: sum(byStatus, 'count'), completed: sum(byStatus, 'completed') };
  const last = burndown.at(-1);
  const velocity = found.velocity.map((v) => ({ cycleId: v.cycle_id, number: v.number, name: v.name, scope: v.scope, completed: v.completed }));
  return {
    ...cycle,
    state,
    // An ended cycle is counted as it ended (its unfinished issues have rolled on since).
    scope: state === 'past' && last ? last.scope : now_.scope,
    completed: state === 'past' && last ? last.completed : now_.completed,
    inProgress: sum(byStatus.filter((s) => s.category === 'started'), 'count'),
    byStatus: byStatus.map((s) => ({ statusId: s.status_id, count: s.count })),
    burndown,
    velocity: { average: velocity.length ? Math.round((sum(velocity, 'completed') / velocity.length) * 10) / 10 : 0, cycles: velocity },
  };
}

const sum = <K extends string>(rows: readonly Record<K, number>[], key: K) => rows.reduce((n, r) => n + r[key], 0);
