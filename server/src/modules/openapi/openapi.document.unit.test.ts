// The generator describes any declared endpoint, including what JSON Schema cannot express.
import { endpoint, lazySchema } from '@tracker/shared/api/contract/endpoint';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, declaredEndpoints, openApiPath } from './openapi.document.ts';

const thing = z.object({ id: z.number().int(), at: z.date(), tags: z.array(z.string()) });
type Tree = { name: string; children: Tree[] };
const tree: z.ZodType<Tree> = z.object({ name: z.string(), get children() { return z.array(tree); } });

const contract = {
  things: {
    list: endpoint('GET', '/api/things', {
      query: z.object({ q: z.string().min(1).describe('Words to look for'), limit: z.string().regex(/^\d+$/).transform(Number).optional() }),
      response: z.object({ things: z.array(thing) }),
    }),
    create: endpoint('POST', '/api/things', {
      body: z.object({ name: z.string().refine((s) => s.trim() === s, 'trimmed'), due: z.iso.date().optional() }),
      response: z.object({ thing }),
      status: 201,
    }),
    tree: endpoint('GET', '/api/things/:id/tree/:depth', { response: lazySchema(async () => tree) }),
    counted: endpoint('GET', '/api/things/:id/count', { response: z.object({ count: z.string().transform(Number) }) }),
    upload: endpoint('POST', '/api/things/:id/file', { bodyType: 'application/octet-stream', headers: { 'X-Name': 'Its name' }, response: z.object({ thing }), status: 201 }),
    remove: endpoint('DELETE', '/api/things/:id', { sessionOnly: true }),
    feed: endpoint('GET', '/api/things/feed.csv', { responseType: 'text/csv', public: true }),
  },
};

describe('the OpenAPI generator', async () => {
  const doc = await buildOpenApiDocument({
    version: '1',
    serverUrl: 'https://tracker.example',
    endpoints: declaredEndpoints(contract),
  });
  const paths = doc.paths as Record<string, Record<string, any>>;

  it('turns route params into templated path parameters', () => {
    expect(openApiPath('/api/issues/:ref/relations/:relationId')).toBe('/api/issues/{ref}/relations/{relationId}');
    expect(paths['/api/things/{id}/tree/{depth}']!.get.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'depth', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('spreads an object query into parameters, as input (before transforms)', () => {
    expect(paths['/api/things']!.get.parameters).toEqual([
      { name: 'q', in: 'query', required: true, description: 'Words to look for', schema: { type: 'string', minLength: 1 } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d+$' } },
    ]);
  });

  it('names bodies and answers as components, shares what they reuse, and describes dates as strings', () => {
    const schemas = doc.components.schemas as Record<string, any>;
    expect(paths['/api/things']!.post.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingsCreateBody' } } } });
    expect(schemas.ThingsCreateBody.properties.due).toMatchObject({ type: 'string', format: 'date' });
    const answer = schemas.ThingsCreateResponse;
    const shared = answer.properties.thing.$ref.replace('#/components/schemas/', '');
    expect(schemas.ThingsListResponse.properties.things.items.$ref).toBe(`#/components/schemas/${shared}`);
    expect(schemas[shared].properties.at).toEqual({ type: 'string', format: 'date-time' });
    expect(JSON.stringify(schemas)).not.toContain('__shared');
    expect(JSON.stringify(schemas)).not.toContain('$schema');
  });

  it('does not fail on what JSON Schema cannot say: a transform output is any value, a recursive schema refers to itself', () => {
    const schemas = doc.components.schemas as Record<string, any>;
    expect(schemas.ThingsCountedResponse.properties.count).toEqual({});
    expect(JSON.stringify(schemas.ThingsTreeResponse)).toContain('$ref');
  });

  it('answers with the declared status and media type', () => {
    expect(Object.keys(paths['/api/things']!.post.responses)).toEqual(['201', '4XX', '5XX']);
    expect(paths['/api/things/{id}']!.delete.responses['204']).toEqual({ description: 'No content' });
    expect(paths['/api/things/{id}/file']!.post.requestBody).toEqual({ required: true, content: { 'application/octet-stream': {} } });
    expect(paths['/api/things/{id}/file']!.post.parameters[1]).toEqual({ name: 'X-Name', in: 'header', required: true, description: 'Its name', schema: { type: 'string' } });
    expect(paths['/api/things/feed.csv']!.get.responses['200']).toEqual({ description: 'OK', content: { 'text/csv': {} } });
    expect(paths['/api/things/feed.csv']!.get.security).toEqual([{}, { session: [] }, { sessionToken: [] }, { bearer: [] }]);
  });

  it('asks a token for the write role to change anything, and takes none where the session alone may act', () => {
    expect(paths['/api/things']!.get.security).toBeUndefined();
    expect(paths['/api/things']!.post.security).toEqual([{ session: [] }, { sessionToken: [] }, { bearer: ['write'] }]);
    expect(paths['/api/things/{id}']!.delete.security).toEqual([{ session: [] }, { sessionToken: [] }]);
    expect(doc.security).toEqual([{ session: [] }, { sessionToken: [] }, { bearer: [] }]);
    expect(doc.tags).toEqual([{ name: 'things' }]);
  });
});
