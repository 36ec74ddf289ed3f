// `/cycle` in the bot (issue 29): current cycles (today in each cycle's own zone) of a person's
// projects or of one project, and their issue counts: typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/database.ts';
import { kysely, sqlPart } from '../../db/kysely.ts';
import type { SqlPart } from '../../db/local-date.ts';

export interface CurrentCycleRow {
  id: number;
  number: number;
  name: string | null;
  starts_on: string;
  ends_on: string;
  /** The cycle's today, in its zone. */
  today: string;
  project_key: string;
  project_name: string;
}

const localToday = sql<string>`(now() at time zone c.time_zone)::date`;
const isCurrent = (eb: ExpressionBuilder<DB & { c: DB['cycles'] }, 'c'>) => eb.and([eb('c.starts_on', '<=', localToday), eb('c.ends_on', '>', localToday)]);

function currentCycles(em: EntityManager) {
  return kysely(em)
    .selectFrom('cycles as c')
    .innerJoin('projects as p', 'p.id', 'c.project_id')
    .select(['c.id', 'c.number', 'c.name', 'c.starts_on', 'c.ends_on', sql<string>`to_char(${localToday}, 'YYYY-MM-DD')`.as('today'), 'p.key as project_key', 'p.name as project_name'])
    .where(isCurrent);
}

/** The current cycles of the unarchived projects `userId` is a member of, by project name. */
export function memberCurrentCycles(em: EntityManager, userId: number): Promise<CurrentCycleRow[]> {
  return currentCycles(em)
    .innerJoin('project_members as m', (j) => j.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', userId))
    .where('p.archived_at', 'is', null)
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
}

export async function projectCurrentCycle(em: EntityManager, projectId: number): Promise<CurrentCycleRow | undefined> {
  return currentCycles(em).where('c.project_id', '=', projectId).executeTakeFirst();
}

/** The project's name, and whether a chat may be shown it (`shown`: the group rule, on `p`). */
export async function projectShownTo(em: EntityManager, projectId: number, shown: SqlPart): Promise<{ name: string; shown: boolean } | undefined> {
  return kysely(em).selectFrom('projects as p').select(['p.name', sqlPart<boolean>(shown).as('shown')]).where('p.id', '=', projectId).executeTakeFirst();
}

/** Per cycle: its issues now, those completed and those in a started status (as the cycle page counts them). */
export async function cycleCounts(em: EntityManager, cycleIds: number[]): Promise<Map<number, { scope: number; completed: number; inProgress: number }>> {
  if (!cycleIds.length) return new Map();
  const rows = await kysely(em)
    .selectFrom('issues as i')
    .innerJoin('statuses as s', 's.id', 'i.status_id')
    .select((eb) => [
      'i.cycle_id',
      eb.cast<number>(eb.fn.countAll(), 'integer').as('scope'),
      eb.cast<number>(eb.fn.countAll().filterWhere('i.completed_at', 'is not', null), 'integer').as('completed'),
      eb.cast<number>(eb.fn.countAll().filterWhere('s.category', '=', 'started'), 'integer').as('in_progress'),
    ])
    .where('i.cycle_id', '=', (eb) => eb.fn.any(eb.val(cycleIds)))
    .groupBy('i.cycle_id')
    .execute();
  return new Map(rows.map((r) => [r.cycle_id!, { scope: r.scope, completed: r.completed, inProgress: r.in_progress }]));
}
