// /api/openapi.json is a sound OpenAPI 3.1 document, served cacheably; /api/docs and its files come
// from the installed swagger-ui-dist under the strict CSP; and what the document says about access
// (public or not) is what the server does.
import { buildPath } from '@tracker/shared/api/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { declaredEndpoints } from './openapi.document.ts';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let t: TestServer;
let doc: Json;
beforeAll(async () => {
  t = await createTestServer();
  doc = (await t.client().get('/api/openapi.json')).body;
});
afterAll(() => t.close());

/** Every `$ref` in the document, with where it sits. */
function refs(node: unknown, at = '#'): { at: string; ref: string }[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => refs(n, `${at}/${i}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [{ at, ref: value }] : refs(value, `${at}/${key}`)));
}

/** Follows a local JSON pointer (`#/components/schemas/X`); undefined when it leads nowhere. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Json)[part] : undefined), root);
}

const operations = () =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op: op as Json, parameters: [...((item as Json).parameters ?? []), ...((op as Json).parameters ?? [])] as Json[] })),
  );

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, in its default schema dialect (JSON Schema 2020-12)', () => {
    expect(doc.openapi).toBe('3.1.0');
    // Any other value makes swagger-ui refuse to render schemas.
    expect(doc.jsonSchemaDialect).toBeUndefined();
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.servers).toEqual([{ url: new URL(t.config.PUBLIC_URL).origin }]);
    expect(operations().length).toBe(declaredEndpoints().length);
  });

  it('declares every path parameter, and only those, as required path parameters', () => {
    for (const { path, method, parameters } of operations()) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = parameters.filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inPath);
      for (const p of declared) expect(p.required, `${method} ${path} ${p.name}`).toBe(true);
      const keys = parameters.map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size, `${method} ${path}: a parameter twice`).toBe(keys.length);
      for (const p of parameters) expect(p.schema ?? p.content, `${method} ${path} ${p.name}`).toBeDefined();
    }
  });

  it('resolves every $ref', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter(({ ref }) => resolvePointer(doc, ref) === undefined)).toEqual([]);
    expect(resolvePointer(doc, '#/components/schemas/Nothing')).toBeUndefined();
  });

  it('writes every pattern as a regular expression JSON Schema (ECMA-262, unicode) accepts', () => {
    const patterns = (node: unknown): string[] =>
      Array.isArray(node) ? node.flatMap(patterns) : node && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => (k === 'pattern' && typeof v === 'string' ? [v] : patterns(v))) : [];
    const all = patterns(doc.components);
    expect(all.length).toBeGreaterThan(10);
    for (const pattern of all) expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
  });

  it('gives every operation a unique id, a tag, a success answer and the error shape', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set((doc.tags as Json[]).map((tag) => tag.name));
    for (const { path, method, op } of operations()) {
      const where = `${method} ${path}`;
      expect(op.tags?.every((tag: string) => tags.has(tag)), where).toBe(true);
      const statuses = Object.keys(op.responses ?? {});
      expect(statuses.filter((s) => /^2\d\d$/.test(s)), where).toHaveLength(1);
      expect(op.responses['4XX'], where).toEqual({ $ref: '#/components/responses/Error' });
      if (statuses.includes('204')) expect(op.responses['204'].content, where).toBeUndefined();
    }
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['statusCode', 'statusMessage'] });
  });

  it('describes bodies, queries and answers from the contract', () => {
    const create = doc.paths['/api/issues'].post;
    expect(create.responses['201'].content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\//);
    const body = resolvePointer(doc, create.requestBody.content['application/json'].schema.$ref) as Json;
    expect(body).toMatchObject({ type: 'object', properties: { title: expect.any(Object), projectId: expect.any(Object) } });
    expect(body.required).toEqual(expect.arrayContaining(['title', 'projectId']));
    expect(doc.paths['/api/issues'].get.parameters.map((p: Json) => p.name)).toEqual(expect.arrayContaining(['project', 'status', 'assignee']));
    // A raw upload is described as what it is, not as JSON.
    expect(Object.keys(doc.paths['/api/issues/{ref}/attachments'].post.requestBody.content)).toEqual(['*/*']);
    expect(Object.keys(doc.paths['/api/sync/stream'].get.responses['200'].content)).toEqual(['text/event-stream']);
    expect(doc.paths['/api/issues/{ref}'].delete.responses['204']).toEqual({ description: 'No content' });
  });

  it('names the ways to authenticate', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'tracker.sid' },
      sessionToken: { type: 'apiKey', in: 'header', name: 'X-Session-Token' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
    expect(doc.components.securitySchemes.session.description).toMatch(/cross-site/);
    expect(doc.security).toEqual([{ session: [] }, { sessionToken: [] }, { bearer: [] }]);
    expect(doc.paths['/api/health'].get.security).toContainEqual({});
    expect(doc.paths['/api/issues'].get.security).toBeUndefined();
  });
});

describe('serving it', () => {
  it('is public and revalidated by ETag', async () => {
    const client = t.client();
    const first = await client.get('/api/openapi.json');
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await client.request('GET', '/api/openapi.json', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const compressed = await fetch(`${t.url}/api/openapi.json`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
  });

  it('serves the reference page and its files from swagger-ui-dist, under the strict CSP', async () => {
    const page = await fetch(`${t.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<style|https?:\/\//);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toHaveLength(4);
    for (const asset of assets) {
      const res = await fetch(t.url + asset, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      if (/(bundle\.js|\.css)\?/.test(asset)) expect(res.headers.get('content-encoding'), asset).toBe('br');
    }
    const init = await (await fetch(t.url + assets.find((a) => a.includes('init.js'))!)).text();
    expect(init).toContain('"/api/openapi.json"');
    expect(init).toContain('validatorUrl: null');
  });

  it('serves no other file of the package, nor anything else', async () => {
    for (const file of ['index.html', 'package.json', '..%2F..%2Fpackage.json', '__proto__', 'constructor', 'swagger-ui.js.map']) {
      const res = await t.client().get(`/api/docs/assets/${file}`);
      expect(res.status, file).toBe(404);
      expect(res.body, file).toMatchObject({ statusCode: 404, statusMessage: expect.any(String) });
    }
    // An unversioned address is revalidated rather than kept for a year.
    expect((await fetch(`${t.url}/api/docs/assets/init.js`)).headers.get('cache-control')).toBe('public, no-cache');
  });
});

describe('access as documented', () => {
  it('refuses every endpoint not marked public to a caller without credentials, with 401', async () => {
    const anonymous = t.client();
    const wrong: string[] = [];
    for (const { domain, name, endpoint } of declaredEndpoints()) {
      if (endpoint.docs?.public) continue;
      const params = Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1], '1']));
      const res = await anonymous.request(endpoint.method, buildPath(endpoint.path, params as never), endpoint.body ? { json: {} } : {});
      if (res.status !== 401) wrong.push(`${domain}.${name}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
