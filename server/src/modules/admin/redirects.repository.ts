// The redirect rules as administrators list and edit them: typed queries (db/kysely.ts). The
// navigation endpoint's lookup is navigation.repository.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Selectable } from 'kysely';
import type { Redirects } from '../../db/database.ts';
import { kysely } from '../../db/kysely.ts';

export type RedirectRow = Selectable<Redirects>;

/** A rule's editable columns. */
export interface RedirectFields {
  fromPath: string;
  to: string;
  permanent: boolean;
  enabled: boolean;
}

const values = (rule: RedirectFields) => ({ from_path: rule.fromPath, to: rule.to, permanent: rule.permanent, enabled: rule.enabled });

/** Every rule, by the path it redirects. */
export function allRedirects(em: EntityManager): Promise<RedirectRow[]> {
  return kysely(em).selectFrom('redirects').select(['id', 'from_path', 'to', 'permanent', 'enabled', 'created_at']).orderBy('from_path').execute();
}

/** Enabled rules other than rule `exceptId` (0 for none), as from → to: the graph a new rule must not close a loop in. */
export function enabledRulesExcept(em: EntityManager, exceptId: number): Promise<{ from_path: string; to: string }[]> {
  return kysely(em)
    .selectFrom('redirects')
    .select(['from_path', 'to'])
    .where((eb) => eb.ref('enabled'))
    .where('id', '<>', exceptId)
    .execute();
}

/** Holds off other writers of rules until the transaction ends (reads go on). */
export async function lockRedirects(em: EntityManager): Promise<void> {
  await sql`lock table redirects in share row exclusive mode`.execute(kysely(em));
}

/** A new rule. */
export function insertRedirect(em: EntityManager, rule: RedirectFields): Promise<RedirectRow> {
  return kysely(em).insertInto('redirects').values(values(rule)).returningAll().executeTakeFirstOrThrow();
}

/** Rewrites a rule; undefined when there is no rule `id`. */
export function updateRedirect(em: EntityManager, id: number, rule: RedirectFields): Promise<RedirectRow | undefined> {
  return kysely(em).updateTable('redirects').set(values(rule)).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Deletes a rule; false when there was none. */
export async function deleteRedirectRow(em: EntityManager, id: number): Promise<boolean> {
  const row = await kysely(em).deleteFrom('redirects').where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}
