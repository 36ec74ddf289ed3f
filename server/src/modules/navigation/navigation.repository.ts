// The redirect rules the navigation endpoint looks up: a typed query (db/kysely.ts). Administrators
// edit them through admin/redirects.repository.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';

export interface RedirectMatch {
  from_path: string;
  to: string;
  permanent: boolean;
}

/** The enabled rules written for any of these paths (a path, and its twin without the language prefix). */
export function enabledRedirectsFrom(em: EntityManager, paths: readonly string[]): Promise<RedirectMatch[]> {
  return kysely(em).selectFrom('redirects').select(['from_path', 'to', 'permanent']).where('from_path', 'in', paths).where('enabled', '=', true).execute();
}
