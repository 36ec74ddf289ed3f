// What opening a demo project reads (demo-project.ts holds the rule): whether its key is taken and by
// whose project, and the workflow and labels the new project was made with. Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';

/** The project holding this key, and whether the user is a member of it; undefined when the key is free. */
export function projectByKeyFor(em: EntityManager, userId: number, key: string) {
  return kysely(em)
    .selectFrom('projects as p')
    .select((eb) => [
      'p.id',
      eb.exists(eb.selectFrom('project_members as pm').select(eb.lit(1).as('one')).whereRef('pm.project_id', '=', 'p.id').where('pm.user_id', '=', userId)).$castTo<boolean>().as('mine'),
    ])
    .where('p.key', '=', key)
    .executeTakeFirst();
}

/** A project's statuses in workflow order. */
export const projectStatuses = (em: EntityManager, projectId: number) =>
  kysely(em).selectFrom('statuses').select(['id', 'category']).where('project_id', '=', projectId).orderBy('position').execute();

/** A project's labels. */
export const projectLabels = (em: EntityManager, projectId: number) => kysely(em).selectFrom('labels').select(['id', 'name']).where('project_id', '=', projectId).execute();
