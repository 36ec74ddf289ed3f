// Sub-issues and relations for the demo workspace, made from issue numbers so they scale with
// `--issues` like the rest: in every run of 20 issues of a project, #1 is the parent of #2–#4, and
// #5 blocks #6, #8 relates to #9, #17 duplicates #11. Related WEB and MOB issues show a link across projects.
import type { EntityManager } from '@mikro-orm/postgresql';
import { analyzeIssues, linkChildren, relateAcrossProjects, relateInBlocks } from './demo-issues.repository.ts';

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
  await analyzeIssues(tx);
  await linkChildren(tx, BLOCK, CHILD_OFFSETS);
  await relateInBlocks(tx, BLOCK, RELATION_OFFSETS);
  await relateAcrossProjects(tx, 'WEB', 'MOB');
}
