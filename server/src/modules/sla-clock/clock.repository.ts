// What keeping SLA clocks reads and writes (docs/sla.md): a project's settings, the facts of issues
// with their clocks, and the clocks themselves, many at once. Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SlaSettings } from '@tracker/shared/api/sla';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { intArray } from '../../db/sql.ts';

/** A project's stored SLA settings, with when they were turned on (null while off). */
export interface SettingsRow {
  enabled: boolean;
  time_zone: string;
  business_days: boolean;
  working_days: number[];
  targets: SlaSettings['targets'];
  enabled_at: string | null;
}

/** An issue's clock as stored (timestamps as ISO text with an offset, as JSON writes them). */
export interface ClockRow {
  started_at: string;
  respond_by: string | null;
  resolve_by: string | null;
  responded_at: string | null;
  resolved_at: string | null;
  paused_at: string | null;
  respond_paused_ms: number;
  resolve_paused_ms: number;
  respond_breached_at: string | null;
  resolve_breached_at: string | null;
}

/** What an issue's clock depends on, its project's settings and its clock (the last two null when none). */
export interface ClockFactsRow {
  id: number;
  reporter_id: number | null;
  priority: number;
  created_at: string;
  completed_at: string | null;
  category: string;
  waiting: boolean;
  settings: SettingsRow | null;
  clock: ClockRow | null;
  first_reply_at: string | null;
}

export async function settingsRow(em: EntityManager, projectId: number, lock = false): Promise<SettingsRow | undefined> {
  const query = kysely(em).selectFrom('project_sla').select(['enabled', 'time_zone', 'business_days', 'working_days', 'targets', 'enabled_at']).where('project_id', '=', projectId);
  return (await (lock ? query.forUpdate() : query).executeTakeFirst()) as SettingsRow | undefined;
}

/**
 * The facts of these issues with their project's settings (while SLAs are on) and their clocks,
 * for those that have either;
 * the first reply only for an issue without a clock, whose clock may start now.
 */
export async function clockFacts(em: EntityManager, issueIds: readonly number[]): Promise<ClockFactsRow[]> {
  if (!issueIds.length) return [];
  const rows = await sql<ClockFactsRow>`
    select i.id, i.reporter_id, i.priority, i.created_at, i.completed_at, st.category, st.waiting,
      case when ps.project_id is not null then
        json_build_object('enabled', ps.enabled, 'time_zone', ps.time_zone, 'business_days', ps.business_days,
                          'working_days', ps.working_days, 'targets', ps.targets, 'enabled_at', ps.enabled_at)
      end as settings,
      to_jsonb(c) - 'issue_id' as clock,
      case when c.issue_id is null then
        (select min(cm.created_at) from comments cm where cm.issue_id = i.id and cm.author_id is distinct from i.reporter_id)
      end as first_reply_at
    from issues i
    join statuses st on st.id = i.status_id
    left join project_sla ps on ps.project_id = i.project_id and ps.enabled
    left join issue_sla c on c.issue_id = i.id
    where i.id = any(${intArray(issueIds)}::int[]) and (ps.project_id is not null or c.issue_id is not null)`.execute(kysely(em));
  return rows.rows;
}

/** Writes these clocks (new or changed) in one statement. */
export async function saveClocks(em: EntityManager, clocks: readonly (ClockRow & { issue_id: number })[]): Promise<void> {
  if (!clocks.length) return;
  await sql`
    insert into issue_sla as s (issue_id, started_at, respond_by, resolve_by, responded_at, resolved_at, paused_at,
                                respond_paused_ms, resolve_paused_ms, respond_breached_at, resolve_breached_at)
    select * from jsonb_to_recordset(${JSON.stringify(clocks)}::jsonb) as x(
      issue_id int, started_at timestamptz, respond_by timestamptz, resolve_by timestamptz, responded_at timestamptz,
      resolved_at timestamptz, paused_at timestamptz, respond_paused_ms bigint, resolve_paused_ms bigint,
      respond_breached_at timestamptz, resolve_breached_at timestamptz)
    on conflict (issue_id) do update set
      started_at = excluded.started_at, respond_by = excluded.respond_by, resolve_by = excluded.resolve_by,
      responded_at = excluded.responded_at, resolved_at = excluded.resolved_at, paused_at = excluded.paused_at,
      respond_paused_ms = excluded.respond_paused_ms, resolve_paused_ms = excluded.resolve_paused_ms,
      respond_breached_at = excluded.respond_breached_at, resolve_breached_at = excluded.resolve_breached_at`.execute(kysely(em));
}

export async function deleteClocks(em: EntityManager, issueIds: readonly number[]): Promise<void> {
  if (!issueIds.length) return;
  await kysely(em)
    .deleteFrom('issue_sla')
    .where('issue_id', '=', (eb) => eb.fn.any(sql<number[]>`${intArray(issueIds)}::int[]`))
    .execute();
}

/** The issues of a status (its waiting mark or its category changed). */
export async function issuesInStatus(em: EntityManager, statusId: number): Promise<number[]> {
  const rows = await kysely(em).selectFrom('issues').select('id').where('status_id', '=', statusId).execute();
  return rows.map((r) => r.id);
}
