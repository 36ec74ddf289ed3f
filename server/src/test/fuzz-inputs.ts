// Inputs of the route fuzz test (http/fuzz.test.ts): the classes of bad input a client can send.
import type Router from '@koa/router';
import type { Middleware } from 'koa';

export interface RouteEntry {
  method: string;
  path: string;
  params: string[];
}

/** Every method and path of every @koa/router mounted on the app, read from the app itself. */
export function routeTable(middleware: Middleware[]): RouteEntry[] {
  const routes = new Map<string, RouteEntry>();
  for (const mw of middleware) {
    const router = (mw as Middleware & { router?: Router }).router;
    if (!router) continue;
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string') continue;
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        const params = (layer.paramNames as { name: string }[]).map((p) => String(p.name));
        routes.set(`${method} ${layer.path}`, { method, path: layer.path, params });
      }
    }
  }
  return [...routes.values()];
}

/** `:name` segments filled with `value(name)`, URL-encoded. */
export const fillPath = (path: string, value: (name: string) => string) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(value(name)));

export const NUL = 'a\u0000b';
// Past int4, and past the safest integer (JSON carries it as written; JavaScript rounds it).
export const HUGE_INTS = [2147483648, 2 ** 53 + 2, -1];
export const YEAR_ZERO_DATE = '0000-01-01';
export const YEAR_ZERO_TIME = '0000-01-01T00:00:00Z';
export const LONG = 'x'.repeat(300_000);

/** Path parameter values: NUL, out-of-range integers, a traversal. */
export const PATH_VALUES = ['\u0000', 'a\u0000', '2147483648', '99999999999999999999', '-1', '0', '../../etc/passwd'];

/** Query keys the routes read, by kind. */
export const QUERY_KEYS = {
  text: ['q', 'tag', 'path', 'lang', 'sort', 'order', 'archived', 'mine', 'category', 'priority', 'icons', 'confirm', 'assignee', 'status', 'label', 'cf.1', 'session_token'],
  int: ['project', 'stream', 'parent', 'page', 'limit', 'moveTo', 'status', 'label', 'assignee'],
  date: ['dueFrom', 'dueTo', 'from', 'to'],
};

/** Cursors a client can make up: wrong JSON, right shape with values that are not of the sort's type. */
export function forgedCursors(): string[] {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return [
    'not-a-cursor',
    b64({ k: 'updated:desc', v: ['0000-01-01T00:00:00Z'], id: 1 }),
    b64({ k: 'updated:desc', v: ['yesterday'], id: 1 }),
    b64({ k: 'updated:desc', v: ['2024-01-01T00:00:00Z'], id: 2147483648 }),
    b64({ k: 'priority:desc', v: ['\u0000'], id: 1 }),
    b64({ k: 'due:desc', v: ['x'], id: 1 }),
  ];
}

/**
 * Plausible valid values of the body fields the schemas know, so that one bad field at a time gets
 * past the others (the fuzz learns which fields a route reads from its 400 answer).
 */
export function validFields(ids: { projectId: number; statusId: number; issueId: number; userId: number }): Record<string, unknown> {
  const { projectId, statusId, issueId, userId } = ids;
  return {
    projectId,
    statusId,
    moveTo: statusId,
    issue: issueId,
    parentId: issueId,
    beforeId: null,
    afterId: null,
    assigneeId: userId,
    leadId: userId,
    memberIds: [userId],
    labelIds: [],
    streamIds: [],
    ids: [issueId],
    title: 'Fuzz',
    name: 'Fuzz',
    body: 'Fuzz body',
    description: 'Fuzz',
    key: 'FUZZ',
    color: '#123456',
    category: 'started',
    priority: 'high',
    role: 'member',
    health: 'on_track',
    layout: 'list',
    groupBy: 'none',
    query: { q: 'x' },
    startDate: '2024-01-01',
    dueDate: '2024-02-01',
    targetDate: '2024-03-01',
    publishedAt: '2024-01-01T00:00:00Z',
    estimate: 1,
    slug: 'fuzz-post',
    tags: ['fuzz'],
    status: 'draft',
    versions: { ru: { title: 'Fuzz', excerpt: 'x', body: 'x' } },
    scope: 'user',
    scopeId: null,
    fromPath: '/fuzz',
    to: '/elsewhere',
    host: 'fuzz.example',
    email: 'fuzz@example.com',
    password: 'fuzzing password 1',
    currentPassword: 'correct horse',
    token: 'x'.repeat(40),
    code: '123456',
    phone: '+79990000000',
    locale: 'en',
    timeZone: 'Europe/Moscow',
    quietFrom: '22:00',
    quietTo: '08:00',
    type: 'relates',
    required: false,
    patch: { priority: 'low' },
    admin: false,
    blocked: false,
    confirm: true,
    tgWebAppDataRaw: 'query_id=1&user=%7B%7D&auth_date=1&hash=00',
  };
}

/** The bad variants of one valid value: NUL and very long text, out-of-range numbers, year-0 dates, wrong types. */
export function badValues(value: unknown): unknown[] {
  if (typeof value === 'string') {
    const out: unknown[] = [`${value}\u0000`, NUL, LONG, 42, ['x']];
    if (/^\d{4}-\d\d-\d\d$/.test(value)) out.push(YEAR_ZERO_DATE, '1899-12-31', '10000-01-01');
    if (/^\d{4}-\d\d-\d\dT/.test(value)) out.push(YEAR_ZERO_TIME, '+275760-09-13T00:00:00Z');
    return out;
  }
  if (typeof value === 'number') return [...HUGE_INTS, 1.5, '1', { n: 1 }];
  if (Array.isArray(value)) return [[...value, ...HUGE_INTS], [NUL], 'x', [{}]];
  if (value && typeof value === 'object') {
    return [
      ...Object.entries(value).flatMap(([k, v]) => badValues(v).slice(0, 3).map((bad) => ({ ...value, [k]: bad }))),
      [value],
      'x',
    ];
  }
  return [NUL, 2147483648];
}
