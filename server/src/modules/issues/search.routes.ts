import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ISSUE_KEY_PATTERN, searchQuerySchema, type SearchResponse } from '@tracker/shared/api/issues';
import { requireUser } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';

// Typo tolerance: the query's best-matching part of a title (pg_trgm), without touching the global
// threshold. 0.2, not 0.3: a swapped pair of letters in a short word ("lgoin" → "login") shares only
// 2 of its 6 trigrams and scores exactly 0.2. These hits rank below every full-text hit.
const WORD_SIMILARITY = 0.2;

/**
 * Issues visible to the viewer matching the text: full-text over title and description in both
 * Russian and English (stems, ranked with ts_rank), comments the same way, titles by trigram
 * similarity (typos), and an exact key (`WEB-12`) first.
 */
async function searchIssues(em: EntityManager, viewer: Viewer, q: string, limit: number): Promise<SearchResponse['issues']> {
  const visible = visibleProjectsCondition(viewer, 'p');
  const key = ISSUE_KEY_PATTERN.exec(q.toUpperCase());
  // The threshold is set for this transaction only, so the trigram index serves `<%`.
  const rows = await em.transactional(async (tem) => {
    await tem.execute(`select set_config('pg_trgm.word_similarity_threshold', ?, true)`, [String(WORD_SIMILARITY)]);
    return tem.execute<{ id: number; key: string; title: string; status_id: number; rank: number }[]>(
    `with query as (select websearch_to_tsquery('russian', ?) as ru, websearch_to_tsquery('english', ?) as en),
     hits as (
       select i.id, 10.0 as rank from issues i join projects p on p.id = i.project_id where p.key = ? and i.number = ?
       union all
       select i.id, ts_rank(i.search_vector, query.ru) + ts_rank(i.search_vector, query.en) from issues i, query
        where i.search_vector @@ query.ru or i.search_vector @@ query.en
       union all
       select c.issue_id, 0.5 * (ts_rank(c.search_vector, query.ru) + ts_rank(c.search_vector, query.en)) from comments c, query
        where c.search_vector @@ query.ru or c.search_vector @@ query.en
       union all
       select i.id, word_similarity(?, i.title) * 0.01 from issues i where ? <% i.title
     ),
     best as (select id, max(rank) as rank from hits group by id)
     select i.id, p.key || '-' || i.number as key, i.title, i.status_id, b.rank::float8 as rank
       from best b join issues i on i.id = b.id join projects p on p.id = i.project_id
      where ${visible.sql}
      order by b.rank desc, i.updated_at desc, i.id desc
      limit ?`,
      [q, q, key?.[1] ?? '', key ? Number(key[2]) : 0, q, q, ...visible.params, limit],
    );
  });
  return rows.map((r) => ({ id: r.id, key: r.key, title: r.title, statusId: r.status_id, rank: r.rank }));
}

export function searchRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/search' });

  router.get('/', async (ctx) => {
    const viewer = requireUser(ctx);
    const { q, limit } = parse(searchQuerySchema, ctx.query);
    const em = deps.em();
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
    ctx.body = { issues, projects: projects.map(({ id, key, name }) => ({ id, key, name })), streams: streams.map(({ id, name }) => ({ id, name })) };
  });

  return router;
}
