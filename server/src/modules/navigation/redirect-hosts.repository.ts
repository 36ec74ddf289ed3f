// The external hosts admins allowed redirects to (redirect_hosts): typed statements (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';

/** Every allowed host's name. */
export async function hostNames(em: EntityManager): Promise<string[]> {
  const rows = await kysely(em).selectFrom('redirect_hosts').select('host').execute();
  return rows.map((r) => r.host);
}

/** The allowed hosts with when they were added, by name. */
export function hostRows(em: EntityManager): Promise<{ host: string; created_at: string }[]> {
  return kysely(em).selectFrom('redirect_hosts').select(['host', 'created_at']).orderBy('host').execute();
}

/** Allows a host (already allowed: nothing changes). */
export async function insertHost(em: EntityManager, host: string): Promise<void> {
  await kysely(em).insertInto('redirect_hosts').values({ host }).onConflict((oc) => oc.doNothing()).execute();
}

/** Removes a host; false when it was not there. */
export async function deleteHost(em: EntityManager, host: string): Promise<boolean> {
  const row = await kysely(em).deleteFrom('redirect_hosts').where('host', '=', host).returning('host').executeTakeFirst();
  return row !== undefined;
}
