// One declaration per endpoint (issue 14, point 9): its method, its path with named params, and the
// zod schemas of its query, body and answer. The server routes and parses with it; the web app's
// client (miniapp/src/lib/api-client.ts) derives its call signature and answer type from it, so a
// path or a shape is written once. Type-only zod import: this file adds nothing to a bundle.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A schema loaded on demand. Endpoints the first page calls (sign-in, account, navigation) declare
 * their answers this way, so their declarations keep zod (27 KB gzip) out of the entry chunk; the
 * client checks such answers once the schema chunk has arrived.
 */
export interface LazySchema<S extends z.ZodType = z.ZodType> {
  readonly load: () => Promise<S>;
}
export const lazySchema = <S extends z.ZodType>(load: () => Promise<S>): LazySchema<S> => ({ load });

export type Schema = z.ZodType | LazySchema;

/**
 * What the OpenAPI document (server/src/modules/openapi) needs beyond the schemas, where the default
 * is wrong: the default success status is 200 with a `response`, 204 without one; bodies and answers
 * are JSON; every call needs a session or a token.
 */
export interface EndpointDocs {
  /** The success status when it is not the default (201 created, 202 accepted). */
  readonly status?: 200 | 201 | 202 | 204;
  /** A request body that is not JSON, by media type (a raw upload, a multipart form). */
  readonly bodyType?: string;
  /** An answer that is not JSON, by media type (a file, an event stream, CSV, a page). */
  readonly responseType?: string;
  /** Request headers the endpoint requires, by name, with what each carries. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Answers anyone, signed in or not. */
  readonly public?: boolean;
  /**
   * Refuses personal access tokens (403 `session_required`) whatever their scope: the call manages
   * the session, the account or tokens, so a leaked token cannot take the account over. The server
   * puts the check on the routes that serve it (server/src/http/session-only.ts).
   */
  readonly sessionOnly?: boolean;
  readonly summary?: string;
}

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema | undefined = Schema | undefined,
> {
  readonly method: M;
  readonly path: P;
  readonly query: Q;
  readonly body: B;
  /** Absent for answers without a JSON body (204, or a `docs.responseType`). */
  readonly response: R;
  readonly docs?: EndpointDocs;
}

export type AnyEndpoint = Endpoint;

export function endpoint<const M extends Method, const P extends string, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined, R extends Schema | undefined = undefined>(
  method: M,
  path: P,
  schemas: { query?: Q; body?: B; response?: R } & EndpointDocs = {},
): Endpoint<M, P, Q, B, R> {
  const { query, body, response, ...docs } = schemas;
  return { method, path, query: query as Q, body: body as B, response: response as R, ...(Object.keys(docs).length ? { docs } : {}) };
}

/** The status a successful call answers with (see EndpointDocs.status). */
export const successStatus = (e: AnyEndpoint): number => e.docs?.status ?? (e.response || e.docs?.responseType ? 200 : 204);

type Output<S> = S extends LazySchema<infer T> ? z.output<T> : S extends z.ZodType ? z.output<S> : void;
type Input<S> = S extends LazySchema<infer T> ? z.input<T> : S extends z.ZodType ? z.input<S> : never;

/** `/api/issues/:ref/relations/:relationId` → `'ref' | 'relationId'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

export type ResponseOf<E extends AnyEndpoint> = Output<E['response']>;
export type BodyOf<E extends AnyEndpoint> = Input<E['body']>;
export type QueryOf<E extends AnyEndpoint> = Input<E['query']>;

/** The path with its params filled in (each encoded as one segment). */
export function buildPath<P extends string>(path: P, params: PathParams<P> | Record<string, never> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, string | number | undefined>)[name];
    if (value === undefined) throw new Error(`${path}: missing param ${name}`);
    return encodeURIComponent(String(value));
  });
}
