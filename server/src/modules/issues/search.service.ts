// The search box (and the bot's search): issues by text, and by their closest dictionary words when
// the text finds too little; then projects and streams. The statements are search.repository.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ISSUE_KEY_PATTERN, type SearchResponse } from '@tracker/shared/api/issues';
import type { Viewer } from '../projects/project-access.ts';
import { issueHits, projectsMatching, streamsMatching, textSearchStatement, typoCandidates, typoQueryText, typoTerms } from './search.repository.ts';

// Typo hits rank below every text hit.
const TYPO_RANK = 0.01;

/**
 * Issues visible to the viewer matching the text (see textSearchStatement). Only when that finds
 * too little, and the text is not a key: the same full-text search with each word replaced by its
 * closest dictionary words (typos), ranked below every text hit.
 */
export async function searchIssues(em: EntityManager, viewer: Viewer, q: string, limit: number): Promise<SearchResponse['issues']> {
  const rows = await issueHits(em, textSearchStatement(viewer, q, limit));
  const terms = typoTerms(q);
  if (rows.length < limit && terms.length && !ISSUE_KEY_PATTERN.test(q.toUpperCase())) {
    const corrected = typoQueryText(await typoCandidates(em, terms));
    if (corrected) {
      const found = new Set(rows.map((r) => r.id));
      const more = (await issueHits(em, textSearchStatement(viewer, corrected, limit, 'tsquery'))).filter((r) => !found.has(r.id));
      rows.push(...more.slice(0, limit - rows.length).map((r) => ({ ...r, rank: r.rank * TYPO_RANK })));
    }
  }
  return rows.map((r) => ({ id: r.id, key: r.key, title: r.title, statusId: r.status_id, rank: r.rank }));
}

/** Everything the search box offers: issues, then projects by key or name, and streams by name. */
export async function searchAll(em: EntityManager, viewer: Viewer, q: string, limit: number): Promise<SearchResponse> {
  const [issues, projects, streams] = await Promise.all([searchIssues(em, viewer, q, limit), projectsMatching(em, viewer, q, limit), streamsMatching(em, q, limit)]);
  return { issues, projects: projects.map(({ id, key, name }) => ({ id, key, name })), streams: streams.map(({ id, name }) => ({ id, name })) };
}
