// Route fuzz (issue 11, M1): every route the app mounts gets the classes of bad input an outside test
// found answering 500. Any 5xx fails. Signed in as an ordinary user and as anonymous.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROUTES } from '@tracker/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser } from '../test/fixtures.ts';
import {
  badValues,
  fillPath,
  forgedCursors,
  PATH_VALUES,
  QUERY_KEYS,
  routeTable,
  validFields,
  YEAR_ZERO_DATE,
  HUGE_INTS,
  NUL,
  type RouteEntry,
} from '../test/fuzz-inputs.ts';
import { createTestServer, type TestClient, type TestServer } from '../test/harness.ts';
import { TEST_BOT_TOKEN } from '../test/telegram-signer.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'tracker-fuzz-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ru"><head><!--app-boot--><!--app-locale--><title>T</title></head><body><div id="root"></div></body></html>');
writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');

let t: TestServer;
let routes: RouteEntry[];
let fields: Record<string, unknown>;
let signedIn: TestClient;
let ids: { projectId: number; statusId: number; issueId: number; userId: number };

beforeAll(async () => {
  // A bot token (no bot running) so the Telegram routes get past `not_configured` and read their input.
  t = await createTestServer({ WEB_DIST: dist, TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: 'fuzz_bot', TELEGRAM_MODE: 'off' });
  routes = routeTable(t.app.middleware);
  const user = await createUser(t);
  const project = await createProject(t, { ownerId: user.id });
  const issue = await createIssue(t, project);
  ids = { projectId: project.id, statusId: project.statuses.started, issueId: issue.id, userId: user.id };
  fields = validFields(ids);
  signedIn = user.client;
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Probe {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/** Sign-in, sign-out and password calls swap or end the fuzzing user's session; the anonymous pass covers them. */
const endsSession = (p: RouteEntry) => /^\/api\/auth\/|sessions|change-password/.test(p.path);

/** One request over node:http (fetch refuses TRACE); the status and, for JSON, the body. */
function send(client: TestClient | null, probe: Probe): Promise<{ status: number; body: string }> {
  const url = new URL(t.url + probe.path);
  const headers: Record<string, string> = { ...probe.headers };
  if (client?.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: probe.path, method: probe.method, headers }, (res) => {
      // Event streams never end: the status is all we need.
      if ((res.headers['content-type'] ?? '').includes('event-stream')) {
        res.destroy();
        resolve({ status: res.statusCode!, body: '' });
        return;
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c.length < 4000 ? c : c.slice(0, 4000)));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(probe.body);
  });
}

const json = (value: unknown): Pick<Probe, 'body' | 'headers'> => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

/** Runs probes with a few in flight; collects every 5xx, and counts the accepted ones (2xx). */
async function run(client: TestClient | null, probes: Probe[]): Promise<string[] & { accepted: number }> {
  const failures = Object.assign([] as string[], { accepted: 0 });
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      const res = await send(client, probe);
      if (res.status < 300) failures.accepted += 1;
      if (res.status >= 500) failures.push(`${res.status} ${probe.method} ${probe.path.slice(0, 200)} ${(probe.body ?? '').slice(0, 200)} → ${res.body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return failures;
}

/** A path of the route with plausible params (DELETE aims at nothing, so the fixtures stay; an insights chart that exists, so its query is read). */
const sample = (route: RouteEntry) =>
  fillPath(route.path, (name) =>
    route.method === 'DELETE' ? '999999' : name === 'ref' || name === 'id' ? String(ids.issueId) : name === 'key' ? 'k' : name === 'metric' ? 'cycle-time' : 'x',
  );

function pathProbes(client: TestClient | null): Probe[] {
  const probes: Probe[] = [];
  for (const r of routes.filter((r) => r.params.length && !(client && endsSession(r)))) {
    for (const value of PATH_VALUES) probes.push({ method: r.method, path: fillPath(r.path, () => value), ...(r.method === 'GET' || r.method === 'DELETE' ? {} : json({})) });
  }
  // The page route table too: the SPA and the blog renderer read their own params.
  for (const page of ROUTES.filter((p) => p.path.includes(':'))) {
    for (const value of ['\u0000', '2147483648', '%']) {
      probes.push({ method: 'GET', path: fillPath(page.path, () => value) }, { method: 'GET', path: `/en${fillPath(page.path, () => value)}` });
    }
  }
  probes.push({ method: 'GET', path: '/blog/%00' }, { method: 'GET', path: '/blog?page=%00&tag=%00' }, { method: 'GET', path: '/%00' });
  return probes;
}

function queryProbes(): Probe[] {
  const probes: Probe[] = [];
  const qs = (k: string, v: string) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
  for (const r of routes.filter((r) => r.method === 'GET')) {
    const base = sample(r);
    const variants = [
      ...QUERY_KEYS.text.map((k) => qs(k, NUL)),
      ...QUERY_KEYS.int.map((k) => qs(k, String(HUGE_INTS[0]))),
      ...QUERY_KEYS.date.map((k) => qs(k, YEAR_ZERO_DATE)),
      `from=${YEAR_ZERO_DATE}&to=0000-01-02`,
      ...forgedCursors().map((c) => qs('cursor', c)),
      `sort=priority&${qs('cursor', forgedCursors()[4]!)}`,
    ];
    for (const v of variants) probes.push({ method: 'GET', path: `${base}?${v}` });
  }
  return probes;
}

/** Learns which body fields a route reads (its 400 names them), then sends one bad field at a time. */
async function bodyProbes(client: TestClient | null, r: RouteEntry): Promise<Probe[]> {
  const target = sample(r);
  const allWrong = Object.fromEntries(Object.keys(fields).map((k) => [k, { wrong: true }]));
  const answer = await send(client, { method: r.method, path: target, ...json(allWrong) });
  let known: string[] = [];
  if (answer.status === 400) {
    try {
      const issues = (JSON.parse(answer.body) as { data?: { issues?: { path: string[] }[] } }).data?.issues ?? [];
      known = [...new Set(issues.map((i) => i.path[0]).filter((k): k is string => typeof k === 'string' && k in fields))];
    } catch {
      known = [];
    }
  }
  const valid = Object.fromEntries(known.map((k) => [k, fields[k]]));
  const probes: Probe[] = [
    { method: r.method, path: target, ...json(valid) },
    { method: r.method, path: target, ...json([valid]) },
    { method: r.method, path: target, ...json('x') },
    { method: r.method, path: target, ...json(null) },
    { method: r.method, path: target, body: 'not gzip', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } },
    { method: r.method, path: target, body: '{}', headers: { 'content-type': 'application/json', 'content-encoding': 'x-unknown' } },
    { method: r.method, path: target, body: '{"a":"\\u0000"', headers: { 'content-type': 'application/json' } },
    { method: r.method, path: target, body: 'a=%00&b[c]=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  ];
  for (const k of known) for (const bad of badValues(fields[k])) probes.push({ method: r.method, path: target, ...json({ ...valid, [k]: bad }) });
  return probes;
}

/** Thousands of requests per pass, growing with every route: more than the suite's default per test. */
const PASS_TIMEOUT = 90_000;

describe('route fuzz: no input makes a 5xx', () => {
  it('finds the routers of the real app', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/streams/:id' }));
  });

  for (const who of ['anonymous', 'signed in'] as const) {
    it(`${who}: NUL, huge and negative path params; TRACE and unknown methods`, async () => {
      const client = who === 'anonymous' ? null : signedIn;
      const probes = pathProbes(client);
      for (const p of new Set(routes.map(sample))) probes.push({ method: 'TRACE', path: p }, { method: 'PROPFIND', path: p });
      expect([...(await run(client, probes))]).toEqual([]);
    }, PASS_TIMEOUT);

    it(`${who}: NUL, huge ints, year 0 dates and forged cursors in query strings`, async () => {
      expect([...(await run(who === 'anonymous' ? null : signedIn, queryProbes()))]).toEqual([]);
    }, PASS_TIMEOUT);

    it(`${who}: bad JSON bodies, one field at a time; bad gzip; unknown encodings`, async () => {
      const client = who === 'anonymous' ? null : signedIn;
      const writes = routes.filter((r) => r.method !== 'GET' && !(client && endsSession(r)));
      const probes = (await Promise.all(writes.map((r) => bodyProbes(client, r)))).flat();
      const failures = await run(client, probes);
      expect([...failures]).toEqual([]);
      if (client) {
        // The learned bodies got past validation into the database, and the session held throughout.
        expect(failures.accepted).toBeGreaterThan(20);
        expect((await client.get('/api/user/me')).status).toBe(200);
      }
    }, PASS_TIMEOUT);
  }
});
