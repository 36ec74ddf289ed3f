// Relations between issues, and watchers, in PostgreSQL: bound values only.
import type { RelationType } from '@tracker/shared/api/issues';
import type { EntityManager } from '@mikro-orm/postgresql';

export type StoredRelationType = 'blocks' | 'relates' | 'duplicates';

/** Whether `from → to` is already stored with this type (`relates` has no direction: either way counts). */
export async function relationExists(em: EntityManager, type: StoredRelationType, from: number, to: number): Promise<boolean> {
  const rows =
    type === 'relates'
      ? await em.execute('select 1 from issue_relations where type = ? and ((from_issue_id = ? and to_issue_id = ?) or (from_issue_id = ? and to_issue_id = ?))', [
          type,
          from,
          to,
          to,
          from,
        ])
      : await em.execute('select 1 from issue_relations where type = ? and from_issue_id = ? and to_issue_id = ?', [type, from, to]);
  return rows.length > 0;
}

export async function insertRelation(em: EntityManager, type: StoredRelationType, from: number, to: number): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>('insert into issue_relations (from_issue_id, to_issue_id, type) values (?, ?, ?) returning id', [from, to, type]);
  return row!.id;
}

/** Deletes a relation of this issue (from either side); null when it has no such relation. */
export async function deleteRelationOf(em: EntityManager, relationId: number, issueId: number): Promise<{ from: number; to: number; type: RelationType } | null> {
  const [row] = await em.execute<{ from_issue_id: number; to_issue_id: number; type: RelationType }[]>(
    'delete from issue_relations where id = ? and (from_issue_id = ? or to_issue_id = ?) returning from_issue_id, to_issue_id, type',
    [relationId, issueId, issueId],
  );
  return row ? { from: row.from_issue_id, to: row.to_issue_id, type: row.type } : null;
}

export async function setWatcher(em: EntityManager, issueId: number, userId: number, watching: boolean): Promise<void> {
  if (watching) await em.execute('insert into issue_watchers (issue_id, user_id) values (?, ?) on conflict do nothing', [issueId, userId]);
  else await em.execute('delete from issue_watchers where issue_id = ? and user_id = ?', [issueId, userId]);
}
