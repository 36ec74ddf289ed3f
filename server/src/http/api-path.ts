/**
 * Whether a request path is the API's (`/api`, `/api/…`). In any letter case: the routers match
 * paths case-insensitively (@koa/router's default), so every check that asks "is this an API call"
 * must agree with them, or `/API/…` would reach an API route while skipping the check.
 */
export const isApiPath = (path: string) => /^\/api(?:\/|$)/i.test(path);

/** The public calendar feeds (`/ics/<secret>.ics`), in any letter case like isApiPath. */
export const isFeedPath = (path: string) => /^\/ics\//i.test(path);
