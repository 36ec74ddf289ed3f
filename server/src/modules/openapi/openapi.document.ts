// The OpenAPI 3.1 document, generated from the shared endpoint declarations (shared/src/api/contract):
// every declared endpoint becomes an operation, its zod schemas become JSON Schema (draft 2020-12,
// OpenAPI 3.1's dialect) through zod's own converter. Nothing here is written per endpoint, so an
// endpoint declared tomorrow is described tomorrow.
import * as contract from '@tracker/shared/api/contract/index';
import { successStatus, type AnyEndpoint, type Schema } from '@tracker/shared/api/contract/endpoint';
import { ERROR_CODES, errorBodySchema } from '@tracker/shared/errors';
import { z } from 'zod';

type Json = Record<string, unknown>;

export interface DeclaredEndpoint {
  /** The contract's export (`issues`, `session`…): the operation's tag. */
  domain: string;
  name: string;
  endpoint: AnyEndpoint;
}

/** Every endpoint the contract declares, in declaration order. */
export function declaredEndpoints(declarations: Record<string, unknown> = contract): DeclaredEndpoint[] {
  return Object.entries(declarations).flatMap(([domain, endpoints]) =>
    Object.entries(endpoints as Record<string, AnyEndpoint>).map(([name, endpoint]) => ({ domain, name, endpoint })),
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const PARAM = /:([A-Za-z][A-Za-z0-9_]*)/g;
/** `/api/issues/:ref` → `/api/issues/{ref}`. */
export const openApiPath = (path: string) => path.replace(PARAM, '{$1}');
const pathParams = (path: string) => [...path.matchAll(PARAM)].map((m) => m[1]!);
const load = async (s: Schema): Promise<z.ZodType> => ('load' in s ? s.load() : s);

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/**
 * What JSON Schema cannot say is described as what travels on the wire: dates leave as ISO strings;
 * a transform's output, a custom check and the like become "any value" (`unrepresentable: 'any'`).
 */
const override: NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'] = (ctx) => {
  const type = (ctx.zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def.type;
  if (type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
};

/**
 * Converts named schemas in one go, so a sub-schema used by several of them is written once
 * (`reused: 'ref'`): zod puts those under `__shared`, which become components of their own.
 */
function convert(named: Map<z.ZodType, string>, io: 'input' | 'output', sharedPrefix: string): Record<string, Json> {
  if (!named.size) return {};
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'ref',
    cycles: 'ref',
    override,
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  const sharedName = (def: string) => `${sharedPrefix}${capital(def)}`;
  const fixRefs = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(fixRefs);
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$schema' || key === '$id') continue;
      if (key === '$ref' && typeof value === 'string') {
        const shared = /^#\/components\/schemas\/__shared#\/\$defs\/(.+)$/.exec(value);
        out.$ref = shared ? `#/components/schemas/${sharedName(shared[1]!)}` : value;
      } else out[key] = fixRefs(value);
    }
    return out;
  };
  const components: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    if (id === '__shared') {
      for (const [def, sub] of Object.entries((schema.$defs ?? {}) as Record<string, Json>)) components[sharedName(def)] = fixRefs(sub) as Json;
    } else components[id] = fixRefs(schema) as Json;
  }
  return components;
}

/** A query schema as one parameter per property (each inlined: a parameter holds one value). */
function queryParameters(schema: z.ZodType): Json[] {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', override }) as Json;
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, sub]) => {
    const { description, ...rest } = sub;
    return { name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

const json = (schema: Json) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export interface DocumentOptions {
  version: string;
  /** The public origin, so "try it out" and copied URLs point at this server. */
  serverUrl: string;
  endpoints?: DeclaredEndpoint[];
}

export async function buildOpenApiDocument({ version, serverUrl, endpoints = declaredEndpoints() }: DocumentOptions) {
  // One component name per schema object (a schema shared by endpoints is one component).
  const inputs = new Map<z.ZodType, string>();
  const outputs = new Map<z.ZodType, string>();
  const prepared = await Promise.all(
    endpoints.map(async (d) => ({
      ...d,
      query: d.endpoint.query ? await load(d.endpoint.query) : undefined,
      body: d.endpoint.body ? await load(d.endpoint.body) : undefined,
      response: d.endpoint.response ? await load(d.endpoint.response) : undefined,
    })),
  );
  const base = (d: DeclaredEndpoint) => `${capital(d.domain)}${capital(d.name)}`;
  for (const d of prepared) {
    if (d.body && !inputs.has(d.body)) inputs.set(d.body, `${base(d)}Body`);
    if (d.response && !outputs.has(d.response)) outputs.set(d.response, `${base(d)}Response`);
  }
  const schemas: Record<string, Json> = {
    ...convert(inputs, 'input', 'SharedInput'),
    ...convert(outputs, 'output', 'SharedOutput'),
    // errorBodySchema (shared/src/errors.ts), with what its `data` holds spelled out.
    Error: {
      type: 'object',
      required: ['statusCode', 'statusMessage'] satisfies (keyof typeof errorBodySchema.shape)[],
      properties: {
        statusCode: { type: 'integer', description: 'The HTTP status again' },
        statusMessage: { type: 'string', description: "What went wrong, in the caller's language (Accept-Language, else Russian)" },
        data: {
          type: 'object',
          description: 'The machine-readable part: `code`, and for validation errors the failing fields',
          properties: { code: { type: 'string', examples: [...ERROR_CODES] }, statusMessage: { type: 'string' } },
        },
      },
    },
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const d of prepared) {
    const { endpoint: e } = d;
    const docs = e.docs ?? {};
    const status = successStatus(e);
    const parameters = [
      ...pathParams(e.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...(d.query ? queryParameters(d.query) : []),
      ...Object.entries(docs.headers ?? {}).map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })),
    ];
    const requestBody = d.body
      ? { required: true, content: { [docs.bodyType ?? 'application/json']: { schema: ref(inputs.get(d.body)!) } } }
      : docs.bodyType
        ? { required: true, content: { [docs.bodyType]: docs.bodyType.endsWith('json') ? { schema: { type: 'object' } } : {} } }
        : undefined;
    const content = d.response
      ? json(ref(outputs.get(d.response)!))
      : docs.responseType
        ? { [docs.responseType]: docs.responseType.endsWith('json') ? { schema: {} } : {} }
        : undefined;
    const operation: Json = {
      operationId: `${d.domain}${capital(d.name)}`,
      tags: [d.domain],
      ...(docs.summary ? { summary: docs.summary } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        [status]: { description: STATUS_TEXT[status] ?? 'OK', ...(content && status !== 204 ? { content } : {}) },
        '4XX': { $ref: '#/components/responses/Error' },
        '5XX': { $ref: '#/components/responses/Unavailable' },
      },
      ...security(e, docs.public === true, docs.sessionOnly === true),
    };
    (paths[openApiPath(e.path)] ??= {})[e.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Tracker API',
      version,
      description:
        'Generated from the shared zod contract (shared/src/api/contract). Errors have one shape, `{ statusCode, statusMessage, data? }`, ' +
        'with `statusMessage` in the language of `Accept-Language` (Russian by default). See docs/api.md.',
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(prepared.map((d) => d.domain))].map((name) => ({ name })),
    security: CREDENTIALS,
    paths,
    components: {
      schemas,
      responses: {
        Error: { description: 'Refused: bad input (400), no or bad credentials (401), not allowed (403), not found (404), conflict (409), too many requests (429, with Retry-After)…', content: json(ref('Error')) },
        Unavailable: { description: 'The database is unavailable for a moment (503, with Retry-After)', content: json(ref('Error')) },
      },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

export type OpenApiDocument = Awaited<ReturnType<typeof buildOpenApiDocument>>;

type Requirement = Record<string, string[]>;
const CREDENTIALS: Requirement[] = [{ session: [] }, { sessionToken: [] }, { bearer: [] }];
const SESSION: Requirement[] = [{ session: [] }, { sessionToken: [] }];
const SAFE = new Set(['GET', 'HEAD']);

/**
 * Who may call, where it differs from the document's default (a session, or any token): a token
 * that changes something needs the `write` scope (OpenAPI 3.1 lets a non-OAuth scheme list roles);
 * some calls take no token at all (`sessionOnly`, the mark the server enforces too); anyone may
 * call a public endpoint, and a session or token, when sent, still says who calls.
 */
function security(e: AnyEndpoint, isPublic: boolean, sessionOnly: boolean): { security?: Requirement[] } {
  const signedIn = sessionOnly ? SESSION : SAFE.has(e.method) ? null : [...SESSION, { bearer: ['write'] }];
  if (isPublic) return { security: [{}, ...(signedIn ?? CREDENTIALS)] };
  return signedIn ? { security: signedIn } : {};
}

const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'tracker.sid',
    description:
      'The signed session cookie that sign-in sets. Calls that change something (POST, PUT, PATCH, DELETE) made by a browser must come ' +
      'from this site: a request the browser marks cross-site (`Sec-Fetch-Site: cross-site`, or a foreign `Origin`) is refused with 403 ' +
      'and `data.code` `csrf`. No CSRF token header is needed.',
  },
  sessionToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Session-Token',
    description: 'The same session carried in a header, for the mini app inside Telegram Web where the cookie is refused (sign-in answers it).',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal access token made on the profile page: `Authorization: Bearer <token>`. Its scope and its owner\'s rights decide what ' +
      'it may do: a `read` token only reads (GET), a `write` token may also change (operations that list the `write` role); operations ' +
      'without `bearer` take no token. No cookie and no CSRF check are involved. Revoked or expired tokens get 401, a wrong scope 403.',
  },
};
