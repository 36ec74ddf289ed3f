// The demo workspace's own rows (demo.ts decides what they are): its people, projects, workflows,
// streams and custom fields, and the statements around a seed run (emptying the database, its
// random seed, its history kept quiet). Typed queries (db/kysely.ts); the catalog reads are `sql`.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../db/kysely.ts';

const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** Empties every table but the migrations' record (the schema stays). */
export async function truncateAllTables(em: EntityManager): Promise<void> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() and tablename <> ${sql.lit(MIGRATIONS_TABLE)}`.execute(kysely(em));
  if (rows.length) await sql`truncate table ${sql.join(rows.map((t) => sql.id(t.name)))} restart identity cascade`.execute(kysely(em));
}

export async function projectCount(em: EntityManager): Promise<number> {
  const row = await kysely(em).selectFrom('projects').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

/** The activity rows of the rest of the transaction queue no notification jobs (migration quiet_history). */
export async function quietHistory(em: EntityManager): Promise<void> {
  await sql`set local tracker.history = 'on'`.execute(kysely(em));
}

/** Makes the transaction's random() repeat from run to run. */
export async function seedRandom(em: EntityManager, seed: number): Promise<void> {
  await sql`select setseed(${seed})`.execute(kysely(em));
}

/** A demo account (its name brought up to date when its address exists already); its id. */
export async function upsertDemoUser(em: EntityManager, u: { name: string; email: string; passwordHash: string; roles: string[]; locale: string }): Promise<number> {
  const row = await kysely(em)
    .insertInto('users')
    .values({ name: u.name, email: u.email, password_hash: u.passwordHash, roles: u.roles, locale: u.locale })
    .onConflict((oc) => oc.expression(sql`(lower(email))`).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertDemoProject(em: EntityManager, p: { key: string; name: string; description: string; color: string; leadId: number; visibility: string }): Promise<number> {
  const row = await kysely(em)
    .insertInto('projects')
    .values({ key: p.key, name: p.name, description: p.description, color: p.color, lead_id: p.leadId, visibility: p.visibility })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMember(em: EntityManager, projectId: number, userId: number, role: string): Promise<void> {
  await kysely(em).insertInto('project_members').values({ project_id: projectId, user_id: userId, role }).execute();
}

export async function insertStatus(em: EntityManager, projectId: number, s: { name: string; category: string; color: string; position: number }): Promise<void> {
  await kysely(em).insertInto('statuses').values({ project_id: projectId, name: s.name, category: s.category, color: s.color, position: s.position }).execute();
}

export async function insertLabel(em: EntityManager, projectId: number, l: { name: string; color: string }): Promise<void> {
  await kysely(em).insertInto('labels').values({ project_id: projectId, name: l.name, color: l.color }).execute();
}

/** A stream led and made by `leadId`, started 20 days ago and due in 40; its id. */
export async function insertDemoStream(em: EntityManager, s: { name: string; status: string; leadId: number }): Promise<number> {
  const row = await kysely(em)
    .insertInto('streams')
    .values({ name: s.name, status: s.status, lead_id: s.leadId, start_date: sql<string>`current_date - 20`, target_date: sql<string>`current_date + 40`, created_by: s.leadId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertStreamMembers(em: EntityManager, streamId: number, userIds: readonly number[]): Promise<void> {
  await kysely(em)
    .insertInto('stream_members')
    .values(userIds.map((userId) => ({ stream_id: streamId, user_id: userId })))
    .execute();
}

/** A status update of the stream, written two days ago. */
export async function insertStreamUpdate(em: EntityManager, streamId: number, u: { authorId: number; body: string; health: string }): Promise<void> {
  await kysely(em)
    .insertInto('stream_updates')
    .values({ stream_id: streamId, author_id: u.authorId, body: u.body, health: u.health, created_at: sql<string>`now() - interval '2 days'` })
    .execute();
}

export interface DemoField {
  type: string;
  name: { ru: string; en: string };
  description?: { ru: string; en: string };
  position: number;
}

/** Custom fields for every project; their ids in the same order. */
export async function insertFields(em: EntityManager, fields: readonly DemoField[]): Promise<number[]> {
  const rows = await kysely(em)
    .insertInto('custom_fields')
    .values(
      fields.map((f) => ({
        type: f.type,
        name_ru: f.name.ru,
        name_en: f.name.en,
        ...(f.description && { description_ru: f.description.ru, description_en: f.description.en }),
        position: f.position,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertFieldOption(em: EntityManager, fieldId: number, o: { name: string; color: string; position: number }): Promise<void> {
  await kysely(em).insertInto('custom_field_options').values({ field_id: fieldId, name: o.name, color: o.color, position: o.position }).execute();
}

/** Flushes the full-text indexes' pending lists and refreshes every table's statistics (outside a transaction). */
export async function vacuumAnalyze(em: EntityManager): Promise<void> {
  await sql`vacuum analyze`.execute(kysely(em));
}
