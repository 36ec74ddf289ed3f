// The mixed load's shape: the share of each class, the variety of lists, scrolling on with the last
// cursor, writes only where the user may write, and requests the server's own schemas accept.
import { createCommentSchema, createIssueSchema, issueListQuerySchema, searchQuerySchema, updateIssueSchema } from '@tracker/shared/api/issues';
import { describe, expect, it } from 'vitest';
import { insightsQuerySchema, INSIGHT_METRICS } from '@tracker/shared/api/insights';
import { cyclePath, insightsPath, listPath, searchPath, userMix, writeRequest, type PlanUser } from './load-mix.ts';
import { typo } from './bench-words.ts';

/** mulberry32: a seeded random source, so every run draws the same requests. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const project = (id: number, key: string, canWrite: boolean) => ({ id, key, locale: 'ru' as const, canWrite, statuses: [{ id: id * 10, category: 'backlog' }, { id: id * 10 + 1, category: 'started' }], labels: [id * 100], issues: 500, cycles: id === 1 ? [11, 12, 13, 14] : null });
const user: PlanUser = { id: 7, cookie: 'sid=x', projects: [project(1, 'WEB', true), project(2, 'OPS', false), project(3, 'API', false)] };
const query = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

describe('the mixed load', () => {
  it('sends 54 % lists, 20 % issue pages, 10 % searches, 10 % writes, 3 % cycle pages (the current cycle mostly) and 3 % insights charts', () => {
    const mix = userMix(user, seeded(1));
    const counts: Record<string, number> = {};
    for (let i = 0; i < 20_000; i++) {
      const cls = mix.next().cls;
      counts[cls] = (counts[cls] ?? 0) + 1;
    }
    expect(counts.list! / 20_000).toBeCloseTo(0.54, 1);
    expect(counts.issue! / 20_000).toBeCloseTo(0.2, 1);
    expect(counts.search! / 20_000).toBeCloseTo(0.1, 1);
    expect(counts.write! / 20_000).toBeCloseTo(0.1, 1);
    expect(counts.cycle! / 20_000).toBeCloseTo(0.03, 2);
    const rnd = seeded(2);
    const cycles = Array.from({ length: 1000 }, () => cyclePath(user, rnd));
    expect(new Set(cycles)).toEqual(new Set(['/api/cycles/11', '/api/cycles/12', '/api/cycles/13', '/api/cycles/14']));
    expect(cycles.filter((p) => p === '/api/cycles/12').length).toBeGreaterThan(600);
    expect(() => cyclePath({ ...user, projects: [project(2, 'OPS', false)] }, rnd)).toThrow(/no project with cycles/);
    expect(counts.insights! / 20_000).toBeCloseTo(0.03, 2);
  });

  it('varies project, filter, sort and order, in queries the server accepts', () => {
    const rnd = seeded(2);
    const paths = Array.from({ length: 3000 }, () => listPath(user, rnd));
    const queries = paths.map(query);
    for (const q of queries) expect(issueListQuerySchema.safeParse(q).success).toBe(true);
    const seen = (key: string) => new Set(queries.map((q) => q[key] ?? '-'));
    expect(seen('project')).toEqual(new Set(['WEB', 'OPS', 'API', '-']));
    expect(seen('sort')).toEqual(new Set(['updated', 'priority', 'created', 'due', 'title', 'key']));
    expect(seen('order')).toEqual(new Set(['asc', 'desc']));
    for (const filter of ['status', 'category', 'assignee', 'priority', 'label']) expect(seen(filter).size, filter).toBeGreaterThan(1);
    expect(new Set(paths).size).toBeGreaterThan(200);
  });

  it('scrolls on with the cursor of the page before, and starts a new list when told so', () => {
    const mix = userMix(user, () => 0.1);
    const first = mix.next();
    expect(first.cls).toBe('list');
    mix.scrolled(first.path, 'c1.sig');
    const second = mix.next();
    expect(second.path).toBe(`${first.path}&cursor=c1.sig`);
    mix.scrolled(second.path, 'c2.sig');
    expect(mix.next().path).toBe(`${first.path}&cursor=c2.sig`);
    mix.scrolled(second.path, null);
    expect(mix.next().path).not.toContain('cursor=');
  });

  it('writes only in projects where the user may write, with bodies the API accepts', () => {
    const rnd = seeded(3);
    const kinds = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const req = writeRequest(user, rnd);
      const body = JSON.parse(req.body!);
      if (req.method === 'POST' && req.path === '/api/issues') {
        expect(createIssueSchema.safeParse(body).success).toBe(true);
        expect(body.projectId).toBe(1);
        kinds.add('create');
      } else if (req.method === 'POST') {
        expect(req.path).toMatch(/^\/api\/issues\/WEB-\d+\/comments$/);
        expect(createCommentSchema.safeParse(body).success).toBe(true);
        kinds.add('comment');
      } else {
        expect(req.path).toMatch(/^\/api\/issues\/WEB-\d+$/);
        expect(updateIssueSchema.safeParse(body).success).toBe(true);
        kinds.add('status');
      }
    }
    expect(kinds).toEqual(new Set(['create', 'comment', 'status']));
    expect(() => writeRequest({ ...user, projects: [project(2, 'OPS', false)] }, rnd)).toThrow(/may write nowhere/);
  });

  it('asks for every chart, a project’s or the workspace’s, with queries the server accepts', () => {
    const rnd = seeded(5);
    const paths = Array.from({ length: 2000 }, () => insightsPath(user, rnd));
    const urls = paths.map((p) => new URL(p, 'http://x'));
    for (const url of urls) expect(insightsQuerySchema.safeParse(Object.fromEntries(url.searchParams)).success, url.search).toBe(true);
    expect(new Set(urls.map((u) => u.pathname))).toEqual(new Set(INSIGHT_METRICS.map((m) => `/api/insights/${m}`)));
    expect(new Set(urls.map((u) => u.searchParams.get('project') ?? '-'))).toEqual(new Set(['WEB', 'OPS', 'API', '-']));
    expect(urls.filter((u) => u.pathname.endsWith('/workload')).every((u) => ['assignee', 'priority', 'status'].includes(u.searchParams.get('by')!))).toBe(true);
    expect(urls.filter((u) => u.pathname.endsWith('/time')).every((u) => ['person', 'project'].includes(u.searchParams.get('by')!))).toBe(true);
    expect(urls.some((u) => u.searchParams.has('from'))).toBe(true);
    expect(urls.some((u) => u.searchParams.get('assignee') === 'me')).toBe(true);
  });

  it('searches varied words in both languages, with a typo now and then', () => {
    const rnd = seeded(4);
    const words = Array.from({ length: 1000 }, () => query(searchPath(rnd)).q!);
    for (const q of words) expect(searchQuerySchema.safeParse({ q }).success).toBe(true);
    expect(words.some((w) => /[а-яё]/.test(w))).toBe(true);
    expect(words.some((w) => /^[a-z -]+$/i.test(w))).toBe(true);
    expect(new Set(words).size).toBeGreaterThan(30);
    const typos = Array.from({ length: 50 }, () => typo('уведомления', rnd));
    expect(typos.every((t) => t !== 'уведомления' && Math.abs(t.length - 11) <= 1)).toBe(true);
  });
});
