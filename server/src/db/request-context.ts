import { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { Next } from 'koa';

interface LazyFork {
  orm: MikroORM;
  fork?: EntityManager;
  forking?: boolean;
}

const requests = new AsyncLocalStorage<LazyFork>();

/**
 * The ORM's `context` resolver (see orm.ts): inside a request, that request's own fork, made on
 * first use; elsewhere MikroORM's own RequestContext (scripts, the bot, tests).
 */
export function resolveContext(name: string): EntityManager | undefined {
  const request = requests.getStore();
  if (request && name === request.orm.em.name) {
    // A fork being made asks for its context while it is built: it is its own (undefined → itself).
    if (request.forking) return undefined;
    if (!request.fork) {
      request.forking = true;
      try {
        request.fork = request.orm.em.fork({ useContext: true, disableContextResolution: true }) as EntityManager;
      } finally {
        request.forking = false;
      }
    }
    return request.fork;
  }
  return RequestContext.getEntityManager(name) as EntityManager | undefined;
}

/**
 * MikroORM's RequestContext middleware, except that the request's EntityManager fork is made on
 * first use: requests answered from stored bodies never touch the ORM, and the eager fork was a
 * measurable share of their cost.
 */
export function requestContext(orm: MikroORM) {
  return (_ctx: unknown, next: Next) => requests.run({ orm }, next);
}

/** Whether the caller runs inside an HTTP request (not a background worker or the bot). */
export const inRequest = () => requests.getStore() !== undefined;

/** Runs `fn` outside any request, so timers it sets up (background work) never see that request's EntityManager. */
export const outsideRequest = <T>(fn: () => T): T => requests.exit(fn);
