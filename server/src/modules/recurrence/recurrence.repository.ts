// What making an issue repeat, completing an `on_complete` series' head and the schedule's tick
// write and lock: typed queries (db/kysely.ts). The rules are recurrence.service.ts's and
// scheduler.ts's; making an occurrence is occurrence.ts's.
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

/**
 * The schedule-mode series due first as of `now`, its row locked until the transaction ends; rows
 * another tick holds are skipped. Undefined when none is due.
 */
export async function lockDueSeries(em: EntityManager, now: Date): Promise<SeriesRow | undefined> {
  const row = await kysely(em)
    .selectFrom('recurrences as r')
    .select(['r.id', 'r.issue_id', 'r.rrule', 'r.mode', 'r.dtstart', 'r.next_at', 'r.created_by'])
    .$narrowType<{ mode: SeriesRow['mode'] }>()
    .where('r.mode', '=', 'schedule')
    .where('r.next_at', '<=', now.toISOString())
    .orderBy('r.next_at')
    .orderBy('r.id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, dtstart: new Date(row.dtstart), next_at: row.next_at === null ? null : new Date(row.next_at) };
}

/** Moves a schedule-mode series on: its next date (null ends it) and the occurrence just due. */
export async function advanceScheduledSeries(em: EntityManager, seriesId: number, nextAt: Date | null, occurredAt: Date): Promise<void> {
  await kysely(em)
    .updateTable('recurrences')
    .set({ next_at: nextAt?.toISOString() ?? null, last_occurrence_at: occurredAt.toISOString(), updated_at: now() })
    .where('id', '=', seriesId)
    .execute();
}

/** A new version of the issue, so cached pages and lists that show it are not served stale. */
export async function bumpIssueVersion(em: EntityManager, issueId: number): Promise<void> {
  await kysely(em)
    .updateTable('issues')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', issueId)
    .execute();
}
