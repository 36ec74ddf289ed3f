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
  /** Absent for answers without a body (204). */
  readonly response: R;
}

export type AnyEndpoint = Endpoint;

export function endpoint<const M extends Method, const P extends string, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined, R extends Schema | undefined = undefined>(
  method: M,
  path: P,
  schemas: { query?: Q; body?: B; response?: R } = {},
): Endpoint<M, P, Q, B, R> {
  return { method, path, query: schemas.query as Q, body: schemas.body as B, response: schemas.response as R };
}

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
