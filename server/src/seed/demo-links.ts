// Sub-issues and relations for the demo workspace, made from issue numbers so they scale with
// `--issues` like the rest: in every run of 20 issues of a project, #1 is the parent of #2–#4, and
// #5 blocks #6, #8 relates to #9, #17 duplicates #11. Related WEB and MOB issues show a link across projects.
import type { EntityManager } from '@mikro-orm/postgresql';

export const BLOCK = 20;
export const CHILD_OFFSETS = [2, 3, 4] as const;
export const RELATION_OFFSETS = [
  { from: 5, to: 6, type: 'blocks' },
  { from: 8, to: 9, type: 'relates' },
  { from: 17, to: 11, type: 'duplicates' },
] as const;

export async function linkIssues(tx: EntityManager): Promise<void> {
  // Without statistics on the just-filled table the planner joins issues to issues by project only:
  // quadratic, 8 s for 20,000 issues where the whole linking takes 0.7 s with them.
  await tx.execute('analyze issues');
  await tx.execute(
    `update issues c set parent_id = p.id
       from issues p
      where p.project_id = c.project_id and p.number = c.number - (c.number % ?) + 1
        and c.number % ? in (${CHILD_OFFSETS.join(', ')})`,
    [BLOCK, BLOCK],
  );
  const offsets = RELATION_OFFSETS.map((r) => `(${r.from}, ${r.to}, '${r.type}')`).join(', ');
  await tx.execute(
    `insert into issue_relations (from_issue_id, to_issue_id, type, created_at)
     select a.id, b.id, r.type, greatest(a.created_at, b.created_at)
       from issues a
       join (values ${offsets}) r(f, t, type) on a.number % ? = r.f
       join issues b on b.project_id = a.project_id and b.number = a.number - r.f + r.t`,
    [BLOCK],
  );
  await tx.execute(
    `insert into issue_relations (from_issue_id, to_issue_id, type, created_at)
     select w.id, m.id, 'relates', greatest(w.created_at, m.created_at)
       from issues w join projects pw on pw.id = w.project_id and pw.key = 'WEB'
       join issues m on m.number = w.number join projects pm on pm.id = m.project_id and pm.key = 'MOB'
      where w.number % 50 = 25`,
  );
}
