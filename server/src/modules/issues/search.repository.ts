// The search box's statements: issues by text (as SQL text, so the plan test EXPLAINs what runs),
// the dictionary words closest to a typo, projects by key or name and streams by name. When to try
// typos and how their hits rank is search.service.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ISSUE_KEY_PATTERN, type SearchResponse } from '@tracker/shared/api/issues';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';

/** One SQL statement with its `?` parameters, built once for the product and for the plan test. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

// Typo tolerance: a swapped pair of letters in a short word ("lgoin" for "login") scores a trigram
// similarity of exactly 0.2, so that is the threshold the trigram index on search_words applies.
const WORD_SIMILARITY = 0.2;
/** Dictionary words tried for each word of a query, closest first. */
const TYPO_CANDIDATES = 3;
// Ranking reads every candidate's tsvector: rank only the newest (last created) matches, so a common word costs
// the same as a rare one. Fewer matches than this are ranked exactly.
const RANKED_CANDIDATES = 200;
const COMMENT_CANDIDATES = 100;

export type Hit = { id: number; key: string; title: string; status_id: number; rank: number };

const RESULT_COLUMNS = `i.id, p.key || '-' || i.number as key, i.title, i.status_id, b.rank::float8 as rank`;

/**
 * Exact key (`WEB-12`) first, then full text over titles and descriptions (ru + en stems), then
 * comments. The matches are collected first, in materialized CTEs, so each `@@` can only be served
 * by the GIN index on `search_vector` (issue_search_vector, comments_search); visibility and recency
 * apply to those matches. Left to itself the planner walked the recency index instead, filtering
 * every row on its way, whenever it overestimated how common a word was. The CTEs keep ids and
 * recency only: a common word matches thousands of rows, and carrying each one's tsvector through
 * the CTE cost a third of the search; only the newest few are joined back to be ranked. Comments
 * are searched only when the issues' own text gives fewer hits than asked: their hits rank at half
 * weight, below a page of direct hits, and a common word's ten thousand comments cost half the time.
 */
export function textSearchStatement(viewer: Viewer, q: string, limit: number, syntax: 'websearch' | 'tsquery' = 'websearch'): SqlStatement {
  const visible = visibleProjectsCondition(viewer, 'p');
  const key = syntax === 'websearch' ? ISSUE_KEY_PATTERN.exec(q.toUpperCase()) : null;
  const parse = syntax === 'websearch' ? 'websearch_to_tsquery' : 'to_tsquery';
  const ru = `${parse}('russian', ?)`;
  const en = `${parse}('english', ?)`;
  return {
    sql: `with matches as materialized (
       select s.issue_id as id, s.project_id from issue_search s
        where s.search_vector @@ ${ru} or s.search_vector @@ ${en}
     ),
     recent as (
       select s.issue_id as id, ts_rank(s.search_vector, ${ru}) + ts_rank(s.search_vector, ${en}) as rank
         from (select m.id from matches m join projects p on p.id = m.project_id
                where ${visible.sql}
                order by m.id desc limit ${RANKED_CANDIDATES}) m
         join issue_search s on s.issue_id = m.id
     ),
     comment_matches as materialized (
       select c.id, c.created_at from comments c
        where (select count(*) from recent) < ?::int and (c.search_vector @@ ${ru} or c.search_vector @@ ${en})
     ),
     comment_hits as (
       select c.issue_id as id, 0.5 * (ts_rank(c.search_vector, ${ru}) + ts_rank(c.search_vector, ${en})) as rank
         from (select m.id from comment_matches m order by m.created_at desc, m.id desc limit ${COMMENT_CANDIDATES}) m
         join comments c on c.id = m.id
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
    params: [q, q, q, q, ...visible.params, limit, q, q, q, q, key?.[1] ?? '', key ? Number(key[2]) : 0, ...visible.params, limit],
  };
}

/** The words of a query worth matching by trigrams (three letters or more, at most five). */
export function typoTerms(q: string): string[] {
  return q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3).slice(0, 5);
}

/**
 * The dictionary words (search_words: every word of every title, once) closest to each of `terms`,
 * through its GIN trigram index (operator `%`). The first statement sets, for the rest of the
 * transaction, the similarity threshold that `%` applies: run both in one.
 */
export function typoCandidateStatements(terms: string[]): [SqlStatement, SqlStatement] {
  return [
    // pg_trgm estimates `%` with a fixed selectivity, so on a small dictionary the planner read
    // every word instead; within this transaction the trigram index is the only way.
    {
      sql: `select set_config('pg_trgm.similarity_threshold', ?, true), set_config('enable_seqscan', 'off', true)`,
      params: [String(WORD_SIMILARITY)],
    },
    {
      sql: `select t.n::int as n, w.word
              from unnest(?::text[]) with ordinality t(term, n)
              cross join lateral (
                select s.word from search_words s where s.word % t.term
                 order by similarity(s.word, t.term) desc, s.word limit ${TYPO_CANDIDATES}) w`,
      params: [`{${terms.map((t) => `"${t}"`).join(',')}}`],
    },
  ];
}

/**
 * A tsquery text from the candidates: each query word by any of its closest dictionary words, all
 * query words that have one. Dictionary words are letters and digits only (split on everything
 * else), so they need no quoting in tsquery syntax. Null when no word has a candidate.
 */
export function typoQueryText(candidates: { n: number; word: string }[]): string | null {
  const byTerm = new Map<number, string[]>();
  for (const { n, word } of candidates) if (/^[\p{L}\p{N}]+$/u.test(word)) byTerm.set(n, [...(byTerm.get(n) ?? []), word]);
  const groups = [...byTerm.keys()].sort((x, y) => x - y).map((n) => `(${byTerm.get(n)!.join(' | ')})`);
  return groups.length ? groups.join(' & ') : null;
}

/** The issues a text search statement (textSearchStatement) finds. */
export function issueHits(em: EntityManager, statement: SqlStatement): Promise<Hit[]> {
  return em.execute<Hit[]>(statement.sql, statement.params);
}

/** The dictionary words closest to each of `terms` (typoCandidateStatements), both statements in one transaction. */
export function typoCandidates(em: EntityManager, terms: string[]): Promise<{ n: number; word: string }[]> {
  const [threshold, candidates] = typoCandidateStatements(terms);
  return em.transactional(async (tem) => {
    await tem.execute(threshold.sql, threshold.params);
    return tem.execute<{ n: number; word: string }[]>(candidates.sql, candidates.params);
  });
}

const likeAnywhere = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Projects the viewer can see whose key is `q` or whose name holds it, the key match first. */
export function projectsMatching(em: EntityManager, viewer: Viewer, q: string, limit: number): Promise<SearchResponse['projects']> {
  const visible = visibleProjectsCondition(viewer, 'p');
  return em.execute<SearchResponse['projects']>(
    `select p.id, p.key, p.name from projects p where (lower(p.key) = ? or lower(p.name) like ?) and ${visible.sql}
        order by (lower(p.key) = ?) desc, lower(p.name), p.id limit ?`,
    [q.toLowerCase(), likeAnywhere(q), ...visible.params, q.toLowerCase(), limit],
  );
}

/** Streams whose name holds `q`. */
export function streamsMatching(em: EntityManager, q: string, limit: number): Promise<SearchResponse['streams']> {
  return em.execute<SearchResponse['streams']>('select id, name from streams where lower(name) like ? order by lower(name), id limit ?', [likeAnywhere(q), limit]);
}
