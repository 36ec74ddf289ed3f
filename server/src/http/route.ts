// Every route is registered from its declaration in the shared contract (issue 28): its method and
// path come from there, its handler reads the query and body as the declaration's schemas parse
// them, and the route carries the declaration's name, by which contract.test.ts finds a route
// registered any other way. The OpenAPI document is made from the same declarations.
import type Router from '@koa/router';
import type { AnyEndpoint, LazySchema, Schema } from '@tracker/shared/api/contract/endpoint';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import { endpointName } from './declared-routes.ts';
import { parse } from './validate.ts';

type Parsed<S> = S extends LazySchema<infer T> ? z.output<T> : S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<E extends AnyEndpoint> {
  /**
   * The query string as the declaration parses it (a 400 when it does not fit). Asked for by the
   * handler, so that its own checks (signed in, the thing exists) answer first.
   */
  query(): Promise<Parsed<E['query']>>;
  /** The body as the declaration parses it (a 400 when it does not fit); asked for like the query. */
  body(): Promise<Parsed<E['body']>>;
}

export type RouteHandler<E extends AnyEndpoint> = (ctx: Context, input: RouteInput<E>) => unknown;

const schemaOf = async (schema: Schema): Promise<z.ZodType> => ('load' in schema ? schema.load() : schema);

function inputOf<E extends AnyEndpoint>(endpoint: E, ctx: Context): RouteInput<E> {
  const read = async (schema: Schema | undefined, value: unknown) => (schema ? parse(await schemaOf(schema), value) : undefined);
  return {
    query: () => read(endpoint.query, ctx.query) as Promise<Parsed<E['query']>>,
    body: () => read(endpoint.body, (ctx.request as { body?: unknown }).body) as Promise<Parsed<E['body']>>,
  };
}

/**
 * Serves `endpoint` on `router` (a router without a prefix: the declaration's path is the whole
 * path). `middleware` runs first (a rate limit, a raw body's reader), then the handler. A GET also
 * answers HEAD (koa-router adds it).
 */
export function route<E extends AnyEndpoint>(router: Router, endpoint: E, ...handlers: [...Middleware[], RouteHandler<E>]): void {
  if (router.opts.prefix) throw new Error(`route(): ${endpointName(endpoint)} on a router with the prefix ${router.opts.prefix}; the declaration's path is the whole path`);
  const handler = handlers.at(-1) as RouteHandler<E>;
  const before = handlers.slice(0, -1) as Middleware[];
  router.register(endpoint.path, [endpoint.method], [...before, (ctx: Context) => handler(ctx, inputOf(endpoint, ctx))] as never, { name: endpointName(endpoint) });
}
