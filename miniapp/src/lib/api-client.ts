// Calls derived from the endpoint declarations in @tracker/shared/api/contract (issue 14, point 9):
// `api(issues.get, { params: { ref } })` builds the path, sends the query and body the declaration
// types, and returns its answer typed. lib/http.ts stays the one place that talks to the network.
//
// Answers are trusted by their declared types (issue 27, the light start): a production build runs
// no zod on them and never loads the schemas to do so. The server checks every answer against the
// same declarations during the e2e run (server/src/http/contract-check.ts), so a drift fails a test;
// the dev server also checks them here, off the answer's path, and warns.
import { buildPath, type AnyEndpoint, type BodyOf, type PathParams, type QueryOf, type ResponseOf, type Schema } from '@tracker/shared/api/contract/endpoint';
import { http, type Http, type RequestOptions, type UploadOptions } from './http.ts';
import { log } from './logger.ts';

type Params<E extends AnyEndpoint> = keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: PathParams<E['path']> };
type Query<E extends AnyEndpoint> = E['query'] extends undefined ? { query?: undefined } : { query?: QueryOf<E> };
type Body<E extends AnyEndpoint> = E['body'] extends undefined ? { body?: undefined } : { body: BodyOf<E> };
export type CallArgs<E extends AnyEndpoint> = Params<E> & Query<E> & Body<E> & Pick<RequestOptions, 'headers' | 'retry' | 'timeout' | 'signal' | 'onResponse'>;
/** The argument may be left out when the endpoint needs none. */
type Rest<A> = object extends A ? [args?: A] : [args: A];

interface SafeParser {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: unknown[] } };
}

function report(endpoint: AnyEndpoint, schema: SafeParser, data: unknown) {
  const result = schema.safeParse(data);
  if (!result.success) log.warn(`${endpoint.method} ${endpoint.path}: answer outside its declared schema`, result.error.issues.slice(0, 5));
}

/** In development, checks an answer against the declaration (warning only, see above). */
export function checkResponse(endpoint: AnyEndpoint, data: unknown): void {
  const schema: Schema | undefined = endpoint.response;
  if (!import.meta.env.DEV || !schema) return;
  if ('load' in schema) void schema.load().then((s) => report(endpoint, s, data), () => undefined);
  else report(endpoint, schema, data);
}

function toQuery(query: unknown): RequestOptions['query'] {
  if (!query) return undefined;
  const out: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) if (value !== undefined && value !== null) out[key] = typeof value === 'number' ? value : String(value);
  return out;
}

export function createApi(client: Pick<Http, 'request'> & Partial<Pick<Http, 'upload'>>) {
  async function api<E extends AnyEndpoint>(endpoint: E, ...[args]: Rest<CallArgs<E>>): Promise<ResponseOf<E>> {
    const { params, query, body, ...options } = (args ?? {}) as { params?: Record<string, string | number>; query?: unknown; body?: unknown };
    const data = await client.request<unknown>(buildPath(endpoint.path, params), { ...options, method: endpoint.method, query: toQuery(query), body });
    checkResponse(endpoint, data);
    return data as ResponseOf<E>;
  }

  /** A file as the raw request body (see http.upload), to an endpoint declared without a body schema. */
  async function upload<E extends AnyEndpoint>(endpoint: E, file: Blob | FormData, args: Params<E> & Omit<UploadOptions, 'method'>): Promise<ResponseOf<E>> {
    const { params, ...options } = args as { params?: Record<string, string | number> } & UploadOptions;
    if (!client.upload) throw new Error('createApi: this client cannot upload');
    const data = await client.upload<unknown>(buildPath(endpoint.path, params), file, { ...options, method: endpoint.method });
    checkResponse(endpoint, data);
    return data as ResponseOf<E>;
  }

  return { api, upload };
}

const bound = createApi(http);
export const api = bound.api;
export const apiUpload = bound.upload;
