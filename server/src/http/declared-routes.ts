// The shared endpoint declarations as the server matches them to its routes: one normalisation of a
// path (param names may differ between a declaration and a route), used by the session-only guard,
// the contract check of answers and the contract tests.
import type { AnyEndpoint } from '@tracker/shared/api/contract/endpoint';
import * as contract from '@tracker/shared/api/contract/index';

export const everyEndpoint = (): AnyEndpoint[] => Object.values(contract).flatMap((domain) => Object.values(domain as Record<string, AnyEndpoint>));

/** A path with its params unnamed and no trailing slash: `/api/issues/:` for `/api/issues/:ref/`. */
export const pathShape = (path: string) => path.replace(/:[A-Za-z]+/g, ':').replace(/\/$/, '');

/** `GET /api/issues/:` — a method and a path shape. */
export const routeShape = (method: string, path: string) => `${method} ${pathShape(path)}`;

const NAMES = new Map<AnyEndpoint, string>(
  Object.entries(contract).flatMap(([domain, endpoints]) => Object.entries(endpoints as Record<string, AnyEndpoint>).map(([name, e]) => [e, `${domain}.${name}`] as const)),
);

/** `issues.list`: the name a declaration has in the contract; throws for an object that is none. */
export function endpointName(endpoint: AnyEndpoint): string {
  const name = NAMES.get(endpoint);
  if (!name) throw new Error(`${endpoint.method} ${endpoint.path} is not a declaration of the shared contract`);
  return name;
}

/** Every declaration by its contract name. */
export const declarationNames = (): ReadonlySet<string> => new Set(NAMES.values());
