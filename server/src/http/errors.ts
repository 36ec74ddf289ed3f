import type { ErrorBody, ErrorCode } from '@tracker/shared/errors';
import { STATUS_CODES } from 'node:http';
import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import type { Logger } from '../logger.ts';

/** A typed error that turns into the one JSON error body. Routes throw these; they never catch. */
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

export const notFound = (message = 'Not Found') => new HttpError(404, message, 'not_found');
export const unauthorized = (message = 'Sign-in required') => new HttpError(401, message, 'unauthorized');
export const forbidden = (message = 'Forbidden') => new HttpError(403, message, 'forbidden');
export const tooManyRequests = (retryAfterSec: number, message = 'Too many requests, try again later', code: ErrorCode = 'rate_limited') =>
  new HttpError(429, message, code, { retryAfter: retryAfterSec }, { 'Retry-After': String(retryAfterSec) });

export function validationError(error: ZodError): HttpError {
  return new HttpError(400, 'Validation failed', 'validation', {
    issues: error.issues.map((i) => ({ path: i.path.map(String), message: i.message, code: i.code })),
  });
}

function toBody(err: unknown): { body: ErrorBody; headers: Record<string, string>; internal: boolean } {
  if (err instanceof HttpError) {
    return {
      body: { statusCode: err.status, statusMessage: err.message, data: { code: err.code, statusMessage: err.message, ...err.data } },
      headers: err.headers,
      internal: false,
    };
  }
  if (err instanceof ZodError) return toBody(validationError(err));
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
  const status = e.status ?? e.statusCode ?? 500;
  // Errors raised by Koa middleware (body parser: 400, 413, 415; router: 405) carry a 4xx status.
  if (status >= 400 && status < 500) {
    const code: ErrorCode = status === 413 ? 'payload_too_large' : status === 404 ? 'not_found' : status === 405 ? 'method_not_allowed' : 'validation';
    const message = (e.expose && e.message) || STATUS_CODES[status] || 'Bad Request';
    return { body: { statusCode: status, statusMessage: message, data: { code, statusMessage: message } }, headers: {}, internal: false };
  }
  const message = 'Internal Server Error';
  return { body: { statusCode: 500, statusMessage: message, data: { code: 'internal', statusMessage: message } }, headers: {}, internal: true };
}

/** First middleware: every error becomes `{ statusCode, statusMessage, data? }`; no stack reaches a client. */
export function errorHandler(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const { body, headers, internal } = toBody(err);
      if (internal) logger.error({ err, reqId: ctx.state.reqId }, 'unhandled error');
      ctx.status = body.statusCode;
      ctx.set(headers);
      ctx.body = body;
    }
  };
}

/** Unknown API paths end as an empty 404; give them the JSON error body. */
export async function apiNotFound(ctx: Context, next: Next) {
  await next();
  if (ctx.status === 404 && ctx.body == null && (ctx.path === '/api' || ctx.path.startsWith('/api/'))) throw notFound();
}
