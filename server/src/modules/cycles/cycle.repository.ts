// Cycles, a project's cadence and the roll-over's writes: typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Cycle } from '@tracker/shared/api/cycles';
import { sql, type Selectable } from 'kysely';
import type { Cycles } from '../../db/database.ts';
import { kysely } from '../../db/kysely.ts';
import { iso } from '../../db/sql.ts';

export interface CadenceRow {
  weeks: number;
  startDay: number;
  timeZone: string;
}

export const toCycle = (r: Selectable<Cycles>): Cycle => ({
  id: r.id,
  projectId: r.project_id,
  number: r.number,
  name: r.name,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  timeZone: r.time_zone,
  rolledOverAt: iso(r.rolled_over_at),
});

export async function projectCycles(em: EntityManager, projectId: number): Promise<Cycle[]> {
  const rows = await kysely(em).selectFrom('cycles').selectAll().where('project_id', '=', projectId).orderBy('starts_on').execute();
  return rows.map(toCycle);
}

export async function selectCycle(em: EntityManager, id: number, lock = false): Promise<Cycle | undefined> {
  let query = kysely(em).selectFrom('cycles').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toCycle(row);
}

/** The project's cadence; `lock` holds it (and so the project's cycle making) until the transaction ends. */
export async function selectCadence(em: EntityManager, projectId: number, lock = false): Promise<CadenceRow | null> {
  let query = kysely(em).selectFrom('project_cycle_settings').select(['weeks', 'start_day', 'time_zone']).where('project_id', '=', projectId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? { weeks: row.weeks, startDay: row.start_day, timeZone: row.time_zone } : null;
}

export async function upsertCadence(em: EntityManager, projectId: number, c: CadenceRow): Promise<void> {
  await kysely(em)
    .insertInto('project_cycle_settings')
    .values({ project_id: projectId, weeks: c.weeks, start_day: c.startDay, time_zone: c.timeZone })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ weeks: c.weeks, start_day: c.startDay, time_zone: c.timeZone, updated_at: sql`now()` }))
    .execute();
}

export async function deleteCadence(em: EntityManager, projectId: number): Promise<void> {
  await kysely(em).deleteFrom('project_cycle_settings').where('project_id', '=', projectId).execute();
}

/** Serialises the writes of one project's cycles (its numbers, its dates) for the transaction. */
export async function lockProjectCycles(em: EntityManager, projectId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('cycles'), ${projectId})`.execute(kysely(em));
}

/** Upcoming cycles (starting after `today`) that never held an issue: a new cadence replaces them. */
export async function deleteEmptyUpcoming(em: EntityManager, projectId: number, today: string): Promise<void> {
  await kysely(em)
    .deleteFrom('cycles')
    .where('project_id', '=', projectId)
    .where('starts_on', '>', today)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('cycle_issues as ci').select('ci.id').whereRef('ci.cycle_id', '=', 'cycles.id'))))
    .execute();
}

/** The end of the project's last cycle and how many end after `today`. */
export async function cycleHorizon(em: EntityManager, projectId: number, today: string): Promise<{ lastEnd: string | null; ahead: number }> {
  const row = await kysely(em)
    .selectFrom('cycles')
    .select((eb) => [eb.fn.max('ends_on').as('last_end'), eb.cast<number>(eb.fn.count('id').filterWhere('ends_on', '>', today), 'integer').as('ahead')])
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return { lastEnd: row.last_end ?? null, ahead: row.ahead };
}

/** Whether [startsOn, endsOn) meets another cycle of the project (not `exceptId`). */
export async function overlapsCycle(em: EntityManager, projectId: number, span: { startsOn: string; endsOn: string }, exceptId = 0): Promise<boolean> {
  const row = await kysely(em)
    .selectFrom('cycles')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '<>', exceptId)
    .where('starts_on', '<', span.endsOn)
    .where('ends_on', '>', span.startsOn)
    .executeTakeFirst();
  return !!row;
}

export async function insertCycle(em: EntityManager, c: { projectId: number; name: string | null; startsOn: string; endsOn: string; timeZone: string }): Promise<number> {
  const row = await kysely(em)
    .insertInto('cycles')
    .values((eb) => ({
      project_id: c.projectId,
      number: eb.selectFrom('cycles').select(sql<number>`coalesce(max(number), 0) + 1`.as('n')).where('project_id', '=', c.projectId),
      name: c.name,
      starts_on: c.startsOn,
      ends_on: c.endsOn,
      time_zone: c.timeZone,
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCycleRow(em: EntityManager, id: number, patch: { name?: string | null; startsOn?: string; endsOn?: string }): Promise<void> {
  const values = { ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.startsOn ? { starts_on: patch.startsOn } : {}), ...(patch.endsOn ? { ends_on: patch.endsOn } : {}) };
  if (Object.keys(values).length) await kysely(em).updateTable('cycles').set(values).where('id', '=', id).execute();
}

export async function deleteCycleRow(em: EntityManager, id: number): Promise<void> {
  await kysely(em).deleteFrom('cycles').where('id', '=', id).execute();
}

/** Projects with a cadence that have fewer than `wanted` cycles ending after their today. */
export async function projectsShortOfCycles(em: EntityManager, wanted: number): Promise<number[]> {
  const rows = await kysely(em)
    .selectFrom('project_cycle_settings as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select('s.project_id')
    .where('p.archived_at', 'is', null)
    .where(
      (eb) => eb.selectFrom('cycles as c').select(eb.fn.countAll<number>().as('n')).whereRef('c.project_id', '=', 's.project_id').where(sql<boolean>`c.ends_on > (now() at time zone s.time_zone)::date`),
      '<',
      wanted,
    )
    .execute();
  return rows.map((r) => r.project_id);
}

/** One ended cycle not rolled over yet, locked (another replica's tick skips it). */
export async function lockEndedCycle(em: EntityManager): Promise<Cycle | undefined> {
  const row = await kysely(em)
    .selectFrom('cycles')
    .selectAll()
    .where('rolled_over_at', 'is', null)
    // The index's range first (no zone is more than a day ahead of UTC), then each cycle's own today.
    .where('ends_on', '<=', sql<string>`(now() at time zone 'UTC')::date + 1`)
    .where(sql<boolean>`ends_on <= (now() at time zone time_zone)::date`)
    .orderBy('ends_on')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row && toCycle(row);
}

/** The first cycle of the project starting on or after `day`. */
export async function cycleStartingFrom(em: EntityManager, projectId: number, day: string): Promise<Cycle | undefined> {
  const row = await kysely(em).selectFrom('cycles').selectAll().where('project_id', '=', projectId).where('starts_on', '>=', day).orderBy('starts_on').limit(1).executeTakeFirst();
  return row && toCycle(row);
}

/** The cycle's unfinished issues (not completed or canceled), locked for the move. */
export async function unfinishedIssues(em: EntityManager, cycleId: number): Promise<number[]> {
  const rows = await kysely(em)
    .selectFrom('issues as i')
    .innerJoin('statuses as s', 's.id', 'i.status_id')
    .select('i.id')
    .where('i.cycle_id', '=', cycleId)
    .where('s.category', 'not in', ['completed', 'canceled'])
    .orderBy('i.id')
    .forUpdate('i')
    .execute();
  return rows.map((r) => r.id);
}

export async function moveIssuesToCycle(em: EntityManager, issueIds: number[], cycleId: number): Promise<void> {
  if (issueIds.length) await kysely(em).updateTable('issues').set({ cycle_id: cycleId }).where('id', '=', (eb) => eb.fn.any(eb.val(issueIds))).execute();
}

export async function markRolledOver(em: EntityManager, cycleId: number): Promise<void> {
  await kysely(em).updateTable('cycles').set({ rolled_over_at: sql`now()` }).where('id', '=', cycleId).execute();
}
