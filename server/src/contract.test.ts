// The shared endpoint declarations (shared/src/api/contract) and the server's routers cannot drift
// apart: every declared method + path must be a route the app registered.
import * as contract from '@tracker/shared/api/contract/index';
import type { AnyEndpoint } from '@tracker/shared/api/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './test/harness.ts';

/** Param names may differ between a declaration and a route that does not use it yet. */
const shape = (method: string, path: string) => `${method} ${path.replace(/:[A-Za-z]+/g, ':').replace(/\/$/, '')}`;

describe('typed contract', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t.close());

  const declared = Object.entries(contract).flatMap(([domain, endpoints]) =>
    Object.entries(endpoints as Record<string, AnyEndpoint>).map(([name, e]) => ({ name: `${domain}.${name}`, route: shape(e.method, e.path) })),
  );

  it('declares endpoints of every domain', () => {
    expect(declared.length).toBeGreaterThan(90);
  });

  it('matches every declaration with a registered route', () => {
    const registered = new Set(t.app.routers.flatMap((router) => router.stack.flatMap((layer) => layer.methods.map((m) => shape(m, String(layer.path))))));
    const missing = declared.filter((d) => !registered.has(d.route));
    expect(missing).toEqual([]);
  });

  it('catches a declaration no route serves', () => {
    const registered = new Set(t.app.routers.flatMap((router) => router.stack.flatMap((layer) => layer.methods.map((m) => shape(m, String(layer.path))))));
    expect(registered.has(shape('GET', '/api/issues/:ref/nothing'))).toBe(false);
    expect(registered.has(shape('GET', '/api/issues/:ref'))).toBe(true);
  });
});
