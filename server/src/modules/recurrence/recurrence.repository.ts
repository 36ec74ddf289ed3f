// What making an issue repeat and completing an `on_complete` series' head write and lock: typed
// queries (db/kysely.ts). The rules are recurrence.service.ts's; making an occurrence is occurrence.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import type { SeriesRow } from './occurrence.ts';

/** A series' rule as setRecurrence writes it. */
export interface RecurrenceValues {
  issueId: number;
  rrule: string;
  mode: string;
  dtstart: Date;
  nextAt: Date;
  createdBy: number;
}

const now = () => sql<string>`now()`;

/** An issue's recurrence (rule and mode), its row locked until the transaction ends; null when it has none. */
export async function lockedRecurrence(em: EntityManager, issueId: number): Promise<{ rrule: string; mode: string } | null> {
  const row = await kysely(em).selectFrom('recurrences').select(['rrule', 'mode']).where('issue_id', '=', issueId).forUpdate().executeTakeFirst();
  return row ?? null;
}

/** Stops an issue repeating. */
export async function deleteRecurrence(em: EntityManager, issueId: number): Promise<void> {
  await kysely(em).deleteFrom('recurrences').where('issue_id', '=', issueId).execute();
}

/** Makes an issue repeat by this rule, replacing the rule it had. */
export async function upsertRecurrence(em: EntityManager, r: RecurrenceValues): Promise<void> {
  await kysely(em)
    .insertInto('recurrences')
    .values({ issue_id: r.issueId, rrule: r.rrule, mode: r.mode, dtstart: r.dtstart.toISOString(), next_at: r.nextAt.toISOString(), created_by: r.createdBy })
    .onConflict((oc) =>
      oc.column('issue_id').doUpdateSet((eb) => ({
        rrule: eb.ref('excluded.rrule'),
        mode: eb.ref('excluded.mode'),
        dtstart: eb.ref('excluded.dtstart'),
        next_at: eb.ref('excluded.next_at'),
        created_by: eb.ref('excluded.created_by'),
        updated_at: now(),
      })),
    )
    .execute();
}

/** Moves an issue's updated_at: its recurrence changed. */
export async function touchIssue(em: EntityManager, issueId: number): Promise<void> {
  await kysely(em).updateTable('issues').set({ updated_at: now() }).where('id', '=', issueId).execute();
}

/**
 * The `on_complete` series this issue heads, with the issue's due date, the series' row locked until
 * the transaction ends; null when the issue heads none.
 */
export async function lockedOnCompleteSeries(em: EntityManager, issueId: number): Promise<(SeriesRow & { due_date: string | null }) | null> {
  const row = await kysely(em)
    .selectFrom('recurrences as r')
    .innerJoin('issues as i', 'i.id', 'r.issue_id')
    .select(['r.id', 'r.issue_id', 'r.rrule', 'r.mode', 'r.dtstart', 'r.next_at', 'r.created_by', 'i.due_date'])
    .$narrowType<{ mode: SeriesRow['mode'] }>()
    .where('r.issue_id', '=', issueId)
    .where('r.mode', '=', 'on_complete')
    .forUpdate('r')
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, dtstart: new Date(row.dtstart), next_at: row.next_at === null ? null : new Date(row.next_at) };
}

/** Moves a series to its new head issue, with the occurrence just made and the one after it. */
export async function advanceSeries(em: EntityManager, seriesId: number, issueId: number, occurredAt: Date, nextAt: Date | null): Promise<void> {
  await kysely(em)
    .updateTable('recurrences')
    .set({ issue_id: issueId, last_occurrence_at: occurredAt.toISOString(), next_at: nextAt?.toISOString() ?? null, updated_at: now() })
    .where('id', '=', seriesId)
    .execute();
}
