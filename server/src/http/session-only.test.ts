// Session-only calls refuse personal access tokens on the route, so no spelling of a path gets
// around them (issue 25: `POST /api/Tokens` with a write token once answered 201). Every route the
// app mounts is sent in lower, upper and mixed case with a write token; the OpenAPI document says
// the same from the same mark.
import http from 'node:http';
import * as contract from '@tracker/shared/api/contract/index';
import type { AnyEndpoint } from '@tracker/shared/api/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../test/fixtures.ts';
import { fillPath, routeTable, type RouteEntry } from '../test/fuzz-inputs.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { routeShape } from './declared-routes.ts';

let t: TestServer;
let me: TestUser;
let token: string;
let routes: RouteEntry[];

beforeAll(async () => {
  // Three calls per route: past the default 600 a minute.
  t = await createTestServer({ API_TOKEN_RATE_LIMIT: '100000' });
  me = await createUser(t);
  const made = await me.client.post('/api/tokens', { name: 'everything', scope: 'write' });
  expect(made.status).toBe(201);
  token = made.body.token;
  routes = routeTable(t.app.middleware);
});
afterAll(() => t?.close());

const sessionOnly = new Set(
  Object.values(contract)
    .flatMap((domain) => Object.values(domain as Record<string, AnyEndpoint>))
    .filter((e) => e.docs?.sessionOnly)
    .map((e) => routeShape(e.method, e.path)),
);

/** `/api/user/profile` → `/Api/User/Profile`: each segment's first letter raised. */
const mixed = (path: string) => path.replace(/\/([a-z])/g, (_, c: string) => `/${c.toUpperCase()}`);

/** One token call over node:http; event streams answer with their status only. */
function send(method: string, path: string): Promise<{ status: number; code: string | null }> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method, headers: { authorization: `Bearer ${token}` } }, (res) => {
      if ((res.headers['content-type'] ?? '').includes('event-stream')) {
        res.destroy();
        resolve({ status: res.statusCode!, code: null });
        return;
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        let code: string | null = null;
        try {
          code = (JSON.parse(body) as { data?: { code?: string } }).data?.code ?? null;
        } catch {
          // not JSON (a page, a file)
        }
        resolve({ status: res.statusCode!, code });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('session-only routes and tokens', () => {
  it('marks the calls that manage the session, the account or tokens', () => {
    for (const call of ['POST /api/tokens', 'DELETE /api/tokens/:', 'PATCH /api/user/profile', 'DELETE /api/user/avatar', 'POST /api/telegram/link', 'POST /api/auth/logout', 'POST /api/user/restore-email']) {
      expect(sessionOnly).toContain(call);
    }
    expect(sessionOnly).not.toContain('GET /api/user/me');
    expect(sessionOnly).not.toContain('GET /api/tokens');
  });

  it('refuses a write token on every session-only route in any letter case, and on no other route', async () => {
    // Ids that name nothing, so the routes a token may call change nothing.
    const probes = routes.flatMap((r) => {
      const path = fillPath(r.path, () => '999999');
      return [path, path.toUpperCase(), mixed(path)].map((variant) => ({ route: routeShape(r.method, r.path), method: r.method, path: variant }));
    });
    const refused: string[] = [];
    const wrong: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const probe = probes[next++]!;
        const res = await send(probe.method, probe.path);
        const isRefused = res.status === 403 && res.code === 'session_required';
        if (isRefused) refused.push(probe.route);
        if (isRefused !== sessionOnly.has(probe.route) || res.status >= 500) wrong.push(`${probe.method} ${probe.path} → ${res.status} ${res.code}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(wrong).toEqual([]);
    // Every mark reached a route (the webhook is mounted only in webhook mode).
    expect(new Set(refused)).toEqual(new Set([...sessionOnly].filter((r) => r !== 'POST /api/telegram/webhook')));
    expect((await t.sql<{ email: string }>('select email from users where id = ?', [me.id]))[0]!.email).toBe(me.email);
    expect((await me.client.get('/api/tokens')).body.tokens).toHaveLength(1);
  });

  it('still lets a session make those calls', async () => {
    expect((await me.client.request('PATCH', '/api/User/Profile', { json: { name: 'Renamed in a session' } })).status).toBe(200);
  });

  it('says in the OpenAPI document, from the same mark, which calls take no token', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body as { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
    const noToken = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security && !op.security.some((s) => 'bearer' in s))
        .map(([method]) => routeShape(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1'))),
    );
    expect(new Set(noToken)).toEqual(sessionOnly);
  });
});
