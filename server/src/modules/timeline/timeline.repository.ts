// The timeline's read: "blocks" relations among the issues a range shows (db/kysely.ts, typed).
import type { EntityManager } from '@mikro-orm/postgresql';
import { TIMELINE_RELATIONS_LIMIT } from '@tracker/shared/api/timeline';
import { sql, type RawBuilder } from 'kysely';
import { kysely, sqlPart } from '../../db/kysely.ts';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';

export interface TimelineRange {
  from: string;
  to: string;
  projectId?: number;
}

export interface BlockRelationRow {
  id: number;
  blocker_id: number;
  blocked_id: number;
}

/** Issue alias `i`'s span (start→due, or the one date set) meets [from, to]: the calendar's rule. */
const meets = (i: 'a' | 'b', range: TimelineRange): RawBuilder<boolean> =>
  sql<boolean>`(coalesce(${sql.ref(`${i}.start_date`)}, ${sql.ref(`${i}.due_date`)}) <= ${range.to}::date and coalesce(${sql.ref(`${i}.due_date`)}, ${sql.ref(`${i}.start_date`)}) >= ${range.from}::date)`;

/**
 * "blocks" pairs whose two issues the viewer may see, one of them dated within the range (and in
 * the project, when given), oldest first. Each relation looks its two issues up by key (`limit 1`
 * keeps the lookups apart): joined flat, the planner hashed every issue of the workspace twice —
 * a median of 76 against 48 ms on 100,000 issues with 5,000 such relations.
 */
export function selectBlockRelations(em: EntityManager, viewer: Viewer, range: TimelineRange): Promise<BlockRelationRow[]> {
  return kysely(em)
    .selectFrom('issue_relations as r')
    .innerJoinLateral((eb) => eb.selectFrom('issues as a').select(['a.project_id', 'a.start_date', 'a.due_date']).whereRef('a.id', '=', 'r.from_issue_id').limit(1).as('a'), (join) => join.onTrue())
    .innerJoinLateral((eb) => eb.selectFrom('issues as b').select(['b.project_id', 'b.start_date', 'b.due_date']).whereRef('b.id', '=', 'r.to_issue_id').limit(1).as('b'), (join) => join.onTrue())
    .innerJoin('projects as pa', 'pa.id', 'a.project_id')
    .innerJoin('projects as pb', 'pb.id', 'b.project_id')
    .select(['r.id', 'r.from_issue_id as blocker_id', 'r.to_issue_id as blocked_id'])
    .where('r.type', '=', 'blocks')
    .where(sqlPart(visibleProjectsCondition(viewer, 'pa')))
    .where(sqlPart(visibleProjectsCondition(viewer, 'pb')))
    .where(sql<boolean>`(${meets('a', range)} or ${meets('b', range)})`)
    .$if(range.projectId !== undefined, (q) => q.where((eb) => eb.or([eb('a.project_id', '=', range.projectId!), eb('b.project_id', '=', range.projectId!)])))
    .orderBy('r.id')
    .limit(TIMELINE_RELATIONS_LIMIT)
    .execute();
}
