// What an import reads before it writes anything (import-plan.ts, import-fields.ts): the issues it
// updates by their external ids, the people it may name, the project's statuses, labels and custom
// fields. Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { userCanViewProjectSql } from '../projects/project-access.ts';

/** The issues of the project that `source` already imported under these external ids. */
export function importedIssues(em: EntityManager, projectId: number, source: string, externalIds: readonly string[]) {
  return kysely(em)
    .selectFrom('issue_external_refs')
    .select(['external_id', 'issue_id'])
    .where('project_id', '=', projectId)
    .where('source', '=', source)
    .where('external_id', '=', sql<string>`any(${externalIds}::text[])`)
    .execute();
}

/**
 * Unblocked users who may see the project and have one of these (lower-case) e-mails, names or ids;
 * their e-mail in lower case.
 */
export function usersToMatch(em: EntityManager, projectId: number, people: { emails: readonly string[]; names: readonly string[]; ids: readonly number[] }) {
  return kysely(em)
    .selectFrom('users as u')
    .innerJoin('projects as p', (join) => join.on('p.id', '=', projectId))
    .select((eb) => ['u.id', eb.fn<string | null>('lower', ['u.email']).as('email'), 'u.name'])
    .where('u.blocked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['u.email']), '=', sql<string>`any(${people.emails}::text[])`),
        eb('u.name', '=', sql<string>`any(${people.names}::text[])`),
        eb('u.id', '=', sql<number>`any(${people.ids}::int[])`),
      ]),
    )
    .where(sql.raw<boolean>(userCanViewProjectSql('u', 'p')))
    .execute();
}

/** The project's statuses in workflow order. */
export function projectStatuses(em: EntityManager, projectId: number) {
  return kysely(em)
    .selectFrom('statuses')
    .select(['id', 'name', 'category'])
    .$narrowType<{ category: StatusCategory }>()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The project's labels. */
export function projectLabels(em: EntityManager, projectId: number) {
  return kysely(em).selectFrom('labels').select(['id', 'name']).where('project_id', '=', projectId).execute();
}

/** The custom fields that apply to the project (not archived), each with its options' ids and names. */
export function applicableFields(em: EntityManager, projectId: number) {
  return kysely(em)
    .selectFrom('custom_fields as f')
    .select((eb) => [
      'f.id',
      'f.type',
      'f.name_ru',
      'f.name_en',
      eb
        .selectFrom('custom_field_options as o')
        .select(sql<{ id: number; name: string }[]>`json_agg(json_build_object('id', o.id, 'name', o.name))`.as('options'))
        .whereRef('o.field_id', '=', 'f.id')
        .as('options'),
    ])
    .where('f.archived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('f.scope', '=', sql.lit('all')),
        eb.exists(eb.selectFrom('custom_field_projects as cp').select(sql.lit(1).as('one')).whereRef('cp.field_id', '=', 'f.id').where('cp.project_id', '=', projectId)),
      ]),
    )
    .execute();
}
