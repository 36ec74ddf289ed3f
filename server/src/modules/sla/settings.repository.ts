// A project's SLA settings as the settings service writes them, the time zone they default to, and
// the issues whose clocks a change of them moves. Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SlaSettings } from '@tracker/shared/api/sla';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** Stores a project's settings; `enabledAt` is when they were turned on (null while off). */
export async function saveSettings(em: EntityManager, projectId: number, s: SlaSettings, enabledAt: Date | null): Promise<void> {
  const values = {
    enabled: s.enabled,
    time_zone: s.timeZone,
    business_days: s.businessDays,
    working_days: [...s.workingDays].sort((a, b) => a - b),
    targets: JSON.stringify(s.targets),
    enabled_at: enabledAt?.toISOString() ?? null,
  };
  await kysely(em)
    .insertInto('project_sla')
    .values({ project_id: projectId, ...values })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ ...values, updated_at: sql<string>`now()` }))
    .execute();
}

/** The time zone of the project's lead, else of its first owner who chose one; undefined when neither did. */
export async function leadOrOwnerZone(em: EntityManager, projectId: number): Promise<string | undefined> {
  const lead = await kysely(em)
    .selectFrom('projects as p')
    .innerJoin('notification_settings as ns', 'ns.user_id', 'p.lead_id')
    .select('ns.time_zone')
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  if (lead) return lead.time_zone;
  const owner = await kysely(em)
    .selectFrom('project_members as m')
    .innerJoin('notification_settings as ns', 'ns.user_id', 'm.user_id')
    .select('ns.time_zone')
    .where('m.project_id', '=', projectId)
    .where('m.role', '=', 'owner')
    .orderBy('m.created_at')
    .limit(1)
    .executeTakeFirst();
  return owner?.time_zone;
}

/** The project's issues a change of its SLA moves: the open ones, and any other with a clock. */
export async function clockedIssues(em: EntityManager, projectId: number): Promise<number[]> {
  const rows = await kysely(em)
    .selectFrom('issues as i')
    .select('i.id')
    .where('i.project_id', '=', projectId)
    .where((eb) => eb.or([eb('i.completed_at', 'is', null), eb.exists(eb.selectFrom('issue_sla as s').select('s.issue_id').whereRef('s.issue_id', '=', 'i.id'))]))
    .execute();
  return rows.map((r) => r.id);
}
