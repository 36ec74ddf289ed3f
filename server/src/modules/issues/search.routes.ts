import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ISSUE_KEY_PATTERN, searchQuerySchema, type SearchResponse } from '@tracker/shared/api/issues';
import { viewerKey, type ReadCache } from '../../db/read-cache.ts';
import { requireViewer } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';

// Typo tolerance: a swapped pair of letters in a short word ("lgoin" → "login") shares only 2 of
// its 6 trigrams and scores exactly 0.2, so the threshold is 0.2 — applied to the small table of
// title words (search_words), never to every title.
const WORD_SIMILARITY = 0.2;
// Ranking reads every candidate's tsvector: rank only the newest matches, so a common word costs
// the same as a rare one. Fewer matches than this are ranked exactly.
const RANKED_CANDIDATES = 200;
const COMMENT_CANDIDATES = 100;

type Hit = { id: number; key: string; title: string; status_id: number; rank: number };

const RESULT_COLUMNS = `i.id, p.key || '-' || i.number as key, i.title, i.status_id, b.rank::float8 as rank`;

/**
 * Issues visible to the viewer matching the text: an exact key (`WEB-12`) first, then full-text over
 * title and description in both Russian and English (stems, ranked with ts_rank), then comments.
 * Only when that finds too little, titles by trigram similarity of their words (typos).
 */
export async function searchIssues(em: EntityManager, viewer: Viewer, q: string, limit: number): Promise<SearchResponse['issues']> {
  const visible = visibleProjectsCondition(viewer, 'p');
  const key = ISSUE_KEY_PATTERN.exec(q.toUpperCase());
  // The tsqueries are written out in each WHERE (not shared through a CTE) so the planner can
  // estimate how many rows match and pick the full-text index or the recency index accordingly.
  const ru = `websearch_to_tsquery('russian', ?)`;
  const en = `websearch_to_tsquery('english', ?)`;
  const rows = await em.execute<Hit[]>(
    `with recent as (
       select i.id, ts_rank(i.search_vector, ${ru}) + ts_rank(i.search_vector, ${en}) as rank
         from (select i.id, i.search_vector from issues i join projects p on p.id = i.project_id
                where (i.search_vector @@ ${ru} or i.search_vector @@ ${en}) and ${visible.sql}
                order by i.updated_at desc, i.id desc limit ${RANKED_CANDIDATES}) i
     ),
     comment_hits as (
       select c.issue_id as id, 0.5 * (ts_rank(c.search_vector, ${ru}) + ts_rank(c.search_vector, ${en})) as rank
         from (select c.issue_id, c.search_vector from comments c
                where c.search_vector @@ ${ru} or c.search_vector @@ ${en}
                order by c.created_at desc, c.id desc limit ${COMMENT_CANDIDATES}) c
     ),
     hits as (
       select i.id, 10.0 as rank from issues i join projects p on p.id = i.project_id where p.key = ? and i.number = ?
       union all select id, rank from recent
       union all select id, rank from comment_hits
     ),
     best as (select id, max(rank) as rank from hits group by id)
     select ${RESULT_COLUMNS}
       from best b join issues i on i.id = b.id join projects p on p.id = i.project_id
      where ${visible.sql}
      order by b.rank desc, i.updated_at desc, i.id desc
      limit ?`,
    [q, q, q, q, ...visible.params, q, q, q, q, key?.[1] ?? '', key ? Number(key[2]) : 0, ...visible.params, limit],
  );
  if (rows.length < limit && !key) rows.push(...(await searchTypos(em, viewer, q, limit - rows.length, rows.map((r) => r.id))));
  return rows.map((r) => ({ id: r.id, key: r.key, title: r.title, statusId: r.status_id, rank: r.rank }));
}

/** Titles containing the words closest to the query's words (by trigrams), ranked below every text hit. */
async function searchTypos(em: EntityManager, viewer: Viewer, q: string, limit: number, exclude: number[]): Promise<Hit[]> {
  const terms = q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3).slice(0, 5);
  if (!terms.length) return [];
  const visible = visibleProjectsCondition(viewer, 'p');
  return em.transactional(async (tem) => {
    // For this transaction only, so the trigram index on search_words serves `%`.
    await tem.execute(`select set_config('pg_trgm.similarity_threshold', ?, true)`, [String(WORD_SIMILARITY)]);
    return tem.execute<Hit[]>(
      `with words as (
         select distinct on (w.word) w.word, similarity(w.word, t.term) as sim
           from unnest(?::text[]) t(term) join search_words w on w.word % t.term
          order by w.word, sim desc
       ),
       best_words as (select word, sim from words order by sim desc limit 5),
       query as (select tsquery_or_agg(q) as q from (
         select plainto_tsquery('russian', word) as q from best_words union all select plainto_tsquery('english', word) from best_words) x),
       recent as (
         select i.id from issues i join projects p on p.id = i.project_id, query
          where i.search_vector @@ query.q and ${visible.sql} and i.id <> all(?::int[])
          order by i.updated_at desc, i.id desc limit ?
       )
       select ${RESULT_COLUMNS}
         from (select id, 0.01 * (select max(sim) from best_words) as rank from recent) b
         join issues i on i.id = b.id join projects p on p.id = i.project_id
        order by i.updated_at desc, i.id desc`,
      [`{${terms.map((t) => `"${t}"`).join(',')}}`, ...visible.params, `{${exclude.join(',')}}`, limit],
    );
  });
}

export function searchRoutes(deps: { em: () => EntityManager; cache: ReadCache }) {
  const router = new Router({ prefix: '/api/search' });

  router.get('/', async (ctx) => {
    const viewer = requireViewer(ctx);
    // Keyed by the raw query: only a query that parsed is ever stored, so a hit needs no parsing.
    await deps.cache.json(ctx, `search:${viewerKey(viewer)}:${ctx.querystring}`, () => {
      const { q, limit } = parse(searchQuerySchema, ctx.query);
      return search(deps.em(), viewer, q, limit);
    });
  });

  return router;
}

async function search(em: EntityManager, viewer: Viewer, q: string, limit: number): Promise<SearchResponse> {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const visible = visibleProjectsCondition(viewer, 'p');
    const [issues, projects, streams] = await Promise.all([
      searchIssues(em, viewer, q, limit),
      em.execute<SearchResponse['projects']>(
        `select p.id, p.key, p.name from projects p where (lower(p.key) = ? or lower(p.name) like ?) and ${visible.sql}
          order by (lower(p.key) = ?) desc, lower(p.name), p.id limit ?`,
        [q.toLowerCase(), like, ...visible.params, q.toLowerCase(), limit],
      ),
      em.execute<SearchResponse['streams']>('select id, name from streams where lower(name) like ? order by lower(name), id limit ?', [like, limit]),
    ]);
    return { issues, projects: projects.map(({ id, key, name }) => ({ id, key, name })), streams: streams.map(({ id, name }) => ({ id, name })) };
}
