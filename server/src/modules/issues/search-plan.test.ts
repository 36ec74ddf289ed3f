// Search's own SQL, explained on enough rows that the planner has a real choice: the plans must stay
// on the GIN indexes (full text, comments, trigrams on titles) whatever the word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { textSearchStatement, typoCandidateStatements, typoQueryText, typoTerms, type SqlStatement } from './search.repository.ts';
import { searchIssues } from './search.service.ts';

let t: TestServer;
let me: TestUser;
let loginIssue: number;
const viewer = () => ({ id: me.id, roles: [] as string[] });

const WORDS = ['календарь', 'оплата', 'регистрация', 'уведомления', 'экспорт', 'профиль', 'аватар', 'фильтры', 'релиз', 'настройки',
  'подписка', 'счёт', 'договор', 'склад', 'доставка', 'корзина', 'отчёт', 'бюджет', 'график', 'отпуск',
  'calendar', 'payment', 'signup', 'notifications', 'export', 'profile', 'avatar', 'filters', 'release', 'settings',
  'invoice', 'contract', 'warehouse', 'delivery', 'cart', 'report', 'budget', 'schedule', 'vacation', 'webhook'];
// A description of a few lines, as real issues have: the table spans pages the way it does in use.
const STEPS = 'Шаги: открыть страницу, нажать кнопку, подождать. Ожидается: всё работает. Steps: open the page, press the button, wait. Expected: it works.';

beforeAll(async () => {
  t = await createTestServer();
  me = await signUp(t);
  const { project, statuses } = await createProject(me);
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  // 3,000 issues in one statement: each word in one title of forty, a verb in every title.
  await t.sql(
    `insert into issues (project_id, number, title, description, status_id, updated_at)
     select ?, g, (array['Починить', 'Добавить', 'Fix', 'Add'])[1 + g % 4] || ' ' || (${words})[1 + (g * 7) % ${WORDS.length}] || ' ' || g,
            '${STEPS} ' || (${words})[1 + (g * 3) % ${WORDS.length}], ?, now() - make_interval(mins => g)
       from generate_series(1, 3000) g`,
    [project.id, statuses[0]!.id],
  );
  const [login] = await t.sql<{ id: number }>(`insert into issues (project_id, number, title, status_id) values (?, 3001, 'Fix login button', ?) returning id`, [project.id, statuses[0]!.id]);
  loginIssue = login!.id;
  await t.sql(`insert into comments (issue_id, body) select id, 'Обсудили ' || title from issues `);
  await t.sql('analyze issues, issue_search, comments, projects, project_members');
});
afterAll(() => t.close());

const explain = async (statement: SqlStatement, setup: SqlStatement[] = []) =>
  t.orm.em.fork().transactional(async (em) => {
    for (const s of setup) await em.execute(s.sql, s.params);
    const rows = await em.execute<{ 'QUERY PLAN': string }[]>(`explain ${statement.sql}`, statement.params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });

describe('search plans', () => {
  // "fix" is in a quarter of the titles: left to itself the planner walked the recency index for it.
  it.each(['календарь', 'payment', 'уведомлений', 'тёмная тема', 'fix'])('full text for "%s" reads the GIN indexes of issues and comments', async (q) => {
    const plan = await explain(textSearchStatement(viewer(), q, 20));
    expect(plan).toContain('Bitmap Index Scan on issue_search_vector');
    expect(plan).toContain('Bitmap Index Scan on comments_search');
    expect(plan).not.toMatch(/Index Scan( Backward)? using issues_(project_)?updated/);
  });

  it.each([['календрь'], ['lgoin'], ['paymnet', 'calendr']])('the typo path for %s reads the trigram index on the word dictionary, then the full-text index', async (...terms) => {
    const [threshold, candidates] = typoCandidateStatements(terms);
    const plan = await explain(candidates, [threshold]);
    expect(plan).toContain('Bitmap Index Scan on search_words_trgm');
    expect(plan).not.toContain('Seq Scan on search_words');
    const found = await t.orm.em.fork().transactional(async (em) => {
      await em.execute(threshold.sql, threshold.params);
      return em.execute<{ n: number; word: string }[]>(candidates.sql, candidates.params);
    });
    const corrected = typoQueryText(found);
    expect(corrected).not.toBeNull();
    const text = await explain(textSearchStatement(viewer(), corrected!, 20, 'tsquery'));
    expect(text).toContain('Bitmap Index Scan on issue_search_vector');
    expect(text).not.toContain('issue_search_title_trgm');
  });

  it('searches comments only when the issues themselves give fewer hits than asked', async () => {
    const analyze = async (q: string) => {
      const st = textSearchStatement(viewer(), q, 5);
      const rows = await t.orm.em.fork().execute<{ 'QUERY PLAN': string }[]>(`explain (analyze, costs off, timing off) ${st.sql}`, st.params);
      // The scan that gathers comment matches (Bitmap Heap Scan off comments_search, or Seq Scan when every comment matches).
      return rows.map((r) => r['QUERY PLAN']).filter((l) => / on comments c_1\b/.test(l));
    };
    // "fix" is in hundreds of titles: a page of direct hits, and the comments are never read.
    const skipped = await analyze('fix');
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((l) => l.includes('never executed'))).toBe(true);
    // "Обсудили" is in every comment and in no issue: comments supply the hits.
    expect((await analyze('обсудили')).some((l) => !l.includes('never executed'))).toBe(true);
    expect(await searchIssues(t.orm.em.fork(), viewer(), 'обсудили', 5)).toHaveLength(5);
  });

  it("builds the corrected query from each word's closest dictionary words", () => {
    expect(typoQueryText([{ n: 2, word: 'button' }, { n: 1, word: 'login' }, { n: 1, word: 'logic' }])).toBe('(login | logic) & (button)');
    expect(typoQueryText([{ n: 1, word: "it's" }])).toBeNull();
    expect(typoQueryText([])).toBeNull();
  });

  it('finds issues through typos, the closest first, below every text hit', async () => {
    expect(typoTerms('Lgoin, кн')).toEqual(['lgoin']);
    expect((await searchIssues(t.orm.em.fork(), viewer(), 'lgoin', 5)).map((h) => h.id)).toEqual([loginIssue]);
    const hits = await searchIssues(t.orm.em.fork(), viewer(), 'календрь', 5);
    expect(hits).toHaveLength(5);
    expect(hits.every((h) => h.title.includes('календарь'))).toBe(true);
    expect(hits.map((h) => h.rank)).toEqual([...hits.map((h) => h.rank)].sort((a, b) => b - a));
  });
});
