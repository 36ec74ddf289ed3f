import { DomainError, invalid, type DomainErrorKind, type MessageParams } from '@tracker/shared/domain-errors';
import type { ErrorBody, ErrorCode } from '@tracker/shared/errors';
import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import type { Logger } from '../logger.ts';
import { TooLargeError } from '../storage/blob-store.ts';
import { isApiPath } from './api-path.ts';

/**
 * An error of HTTP itself (405, 413, a refused cross-site request, a missing session…) that turns into
 * the one JSON error body. Services throw domain errors instead (`@tracker/shared/domain-errors`),
 * mapped to the same body below.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly data: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;
  readonly expose = true;
  constructor(status: number, message: string, code: ErrorCode, data?: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
    this.headers = headers;
  }
}

/**
 * The texts generic errors are created with. An answer carrying one of these goes out with its
 * code's text in the reader's language instead (`errors.codes.<code>`); a route's own text is kept.
 */
const GENERIC_TEXT = {
  not_found: 'Not Found',
  unauthorized: 'Sign-in required',
  forbidden: 'Forbidden',
  rate_limited: 'Too many requests, try again later',
  validation: 'Validation failed',
  invalid_cursor: 'Invalid cursor',
} as const satisfies Partial<Record<ErrorCode, string>>;

export const notFound = (message: string = GENERIC_TEXT.not_found) => new HttpError(404, message, 'not_found');
export const unauthorized = (message: string = GENERIC_TEXT.unauthorized) => new HttpError(401, message, 'unauthorized');
export const forbidden = (message: string = GENERIC_TEXT.forbidden) => new HttpError(403, message, 'forbidden');
export const invalidCursor = () => new HttpError(400, GENERIC_TEXT.invalid_cursor, 'invalid_cursor');
export const tooManyRequests = (retryAfterSec: number, message: string = GENERIC_TEXT.rate_limited, code: ErrorCode = 'rate_limited') =>
  new HttpError(429, message, code, { retryAfter: retryAfterSec }, { 'Retry-After': String(retryAfterSec) });

const VALIDATION_FAILED = GENERIC_TEXT.validation;
const isGeneric = (err: HttpError) =>
  err.code === 'service_unavailable' || (err.code in GENERIC_TEXT && GENERIC_TEXT[err.code as keyof typeof GENERIC_TEXT] === err.message);

/** Input a shared schema refused: a domain `invalid` error carrying the zod issues (their messages are i18n keys). */
export function validationError(error: ZodError): DomainError {
  return invalid(error.issues.map((i) => ({ path: i.path.map(String), message: i.message, code: i.code })));
}

/** The one mapping of domain error kinds to HTTP statuses (the bot's is in bot/src/context.ts). */
export const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

/** The methods this server answers; any other is 405 (TRACE, PROPFIND…), never the router's 501. */
export const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The text of an i18n key (`errors.codes.<code>`, a domain error's key) in the reader's language; app.ts supplies it. */
export type ErrorText = (ctx: Context, key: string, params?: MessageParams) => string;

interface Answer {
  body: ErrorBody;
  headers: Record<string, string>;
  internal: boolean;
}

const answer = (status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}, data: Record<string, unknown> = {}): Answer => ({
  body: { statusCode: status, statusMessage: message, data: { code, statusMessage: message, ...data } },
  headers,
  internal: false,
});

function toBody(ctx: Context, err: unknown, translate: ErrorText): Answer {
  const text = (c: Context, code: ErrorCode) => translate(c, `errors.codes.${code}`);
  if (err instanceof ZodError) return toBody(ctx, validationError(err), translate);
  if (err instanceof DomainError) {
    const retryAfter = err.data?.retryAfter;
    const headers: Record<string, string> = err.kind === 'rate_limited' && typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {};
    return answer(DOMAIN_STATUS[err.kind], err.code, translate(ctx, err.key, err.params), headers, err.data);
  }
  if (err instanceof TooLargeError) return answer(413, 'payload_too_large', translate(ctx, 'errors.files.tooLarge', { max: err.maxBytes / 1024 / 1024 }));
  if (err instanceof HttpError) {
    // Generic failures share one text per code, in the reader's language; validation issues carry i18n keys.
    const message = isGeneric(err) ? text(ctx, err.code) : err.message;
    return answer(err.status, err.code, message, err.headers, err.data);
  }
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
  const status = e.status ?? e.statusCode ?? 500;
  // The router's 501 means "no route has this method": a method this server does not answer.
  if (status === 405 || status === 501) return answer(405, 'method_not_allowed', text(ctx, 'method_not_allowed'), { Allow: KNOWN_METHODS.join(', ') });
  // Errors raised by Koa middleware (body parser: 400, 413, 415) carry a 4xx status.
  if (status >= 400 && status < 500) {
    const code: ErrorCode = status === 413 ? 'payload_too_large' : status === 404 ? 'not_found' : status === 415 ? 'unsupported_media_type' : 'validation';
    return answer(status, code, text(ctx, code));
  }
  return { ...answer(500, 'internal', text(ctx, 'internal')), internal: true };
}

/** First middleware: every error becomes `{ statusCode, statusMessage, data? }`; no stack reaches a client. */
export function errorHandler(logger: Logger, text: ErrorText = (_ctx, key) => key) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const { body, headers, internal } = toBody(ctx, err, text);
      if (internal) logger.error({ err, reqId: ctx.state.reqId }, 'unhandled error');
      ctx.status = body.statusCode;
      ctx.set(headers);
      ctx.body = body;
    }
  };
}

/** Methods no route answers end as 405 with the methods that exist, before any other work. */
export function knownMethods(ctx: Context, next: Next) {
  if (!KNOWN_METHODS.includes(ctx.method)) throw new HttpError(405, 'Method Not Allowed', 'method_not_allowed', undefined, { Allow: KNOWN_METHODS.join(', ') });
  return next();
}

/**
 * A request body that cannot be decoded (bad gzip, broken JSON) is the client's fault: 400, or 415
 * for an encoding or type we do not read. Body-parser errors without a status would otherwise be 500.
 * JSON `null` is a body: the parser's strict mode takes objects and arrays only, but `PUT … null`
 * clears a setting (a project's SLA); each route's schema then decides, as for any body.
 */
export function bodyDecodeError(err: unknown, ctx?: Context): void {
  const e = err as { status?: number; statusCode?: number; body?: unknown };
  if (ctx && typeof e.body === 'string' && e.body.trim() === 'null') {
    ctx.request.body = null;
    return;
  }
  const status = e.status ?? e.statusCode;
  if (status === 413 || status === 415) throw err;
  throw new HttpError(400, VALIDATION_FAILED, 'validation', { issues: [{ path: [], message: 'validation.body', code: 'invalid_body' }] });
}

/** Unknown API paths end as an empty 404; give them the JSON error body. */
export async function apiNotFound(ctx: Context, next: Next) {
  await next();
  if (ctx.status === 404 && ctx.body == null && isApiPath(ctx.path)) throw notFound();
}
