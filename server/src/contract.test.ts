// The shared endpoint declarations (shared/src/api/contract), the server's routers and the OpenAPI
// document cannot drift apart: every declared method + path is a route the app registered, every
// route its routers register (/api, the calendar feeds) is declared and registered from its
// declaration, and every declaration is in /api/openapi.json.
import * as contract from '@tracker/shared/api/contract/index';
import type { AnyEndpoint } from '@tracker/shared/api/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_PATH } from './modules/telegram/bot-runner.ts';
import { openApiPath } from './modules/openapi/openapi.document.ts';
import { createTestServer, type TestServer } from './test/harness.ts';
import { routeShape } from './http/declared-routes.ts';

/** Declared, but registered only in some configurations (so not in the test server). */
const CONDITIONAL = new Set([routeShape('POST', WEBHOOK_PATH)]);

describe('typed contract', () => {
  let t: TestServer;
  let registered: { method: string; path: string; route: string }[];
  beforeAll(async () => {
    t = await createTestServer();
    registered = t.app.routers.flatMap((router) =>
      router.stack.flatMap((layer) => layer.methods.map((method) => ({ method, path: String(layer.path), route: routeShape(method, String(layer.path)) }))),
    );
  });
  afterAll(() => t.close());

  const declared = Object.entries(contract).flatMap(([domain, endpoints]) =>
    Object.entries(endpoints as Record<string, AnyEndpoint>).map(([name, e]) => ({ name: `${domain}.${name}`, route: routeShape(e.method, e.path), endpoint: e })),
  );

  it('declares endpoints of every domain', () => {
    expect(declared.length).toBeGreaterThan(100);
  });

  it('matches every declaration with a registered route', () => {
    const routes = new Set(registered.map((r) => r.route));
    const missing = declared.filter((d) => !routes.has(d.route) && !CONDITIONAL.has(d.route));
    expect(missing).toEqual([]);
  });

  it('declares every route the routers register, /api and the calendar feeds (HEAD goes with its GET)', () => {
    const routes = new Set(declared.map((d) => d.route));
    const undeclared = registered.filter((r) => r.method !== 'HEAD' && !routes.has(r.route)).map((r) => r.route);
    expect(undeclared).toEqual([]);
  });

  it('registers every route from its declaration (http/route.ts): each route is named after the declaration whose method and path it serves', () => {
    const byName = new Map(declared.map((d) => [d.name, d.endpoint]));
    const layers = t.app.routers.flatMap((router) => router.stack.filter((layer) => layer.methods.length > 0));
    const other = layers
      .filter((layer) => {
        const e = layer.name ? byName.get(layer.name) : undefined;
        return !e || layer.path !== e.path || !layer.methods.includes(e.method);
      })
      .map((layer) => `${layer.methods.join(',')} ${String(layer.path)} (${layer.name ?? 'no name'})`);
    expect(other).toEqual([]);
    expect(layers.length).toBeGreaterThan(100);
  });

  it('names the media type of every file answer (a path ending in .csv, .zip, .ics…) it does not describe as JSON', () => {
    const undescribed = declared.filter((d) => /\.[a-z]+$/.test(d.endpoint.path) && !d.endpoint.response && !d.endpoint.docs?.responseType);
    expect(undescribed.map((d) => d.name)).toEqual([]);
  });

    it('catches a declaration no route serves, and a route no declaration names', () => {
    const routes = new Set(registered.map((r) => r.route));
    expect(routes.has(routeShape('GET', '/api/issues/:ref/nothing'))).toBe(false);
    expect(routes.has(routeShape('GET', '/api/issues/:ref'))).toBe(true);
    expect(new Set(declared.map((d) => d.route)).has(routeShape('GET', '/api/issues/:ref/nothing'))).toBe(false);
  });

  it('describes every declaration and every registered route in the OpenAPI document', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    const operations = new Set(
      Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) => Object.keys(item).map((method) => routeShape(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1')))),
    );
    expect(declared.filter((d) => !operations.has(routeShape(d.endpoint.method, d.endpoint.path))).map((d) => d.name)).toEqual([]);
    expect(registered.filter((r) => r.method !== 'HEAD' && !operations.has(r.route)).map((r) => r.route)).toEqual([]);
    expect(operations.size).toBe(new Set(declared.map((d) => d.route)).size);
    expect(Object.keys(res.body.paths)).toContain(openApiPath('/api/issues/:ref'));
  });
});
