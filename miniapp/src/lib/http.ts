// The one HTTP client (spec §7): cookies always included, JSON in and out, retries only on the
// listed statuses, never for non-idempotent methods unless a call opts in, optional timeout.
import { DEFAULT_RETRIES, NO_RETRY_METHODS, RETRY_STATUSES, TIMEOUT_MESSAGE } from '@tracker/shared/limits';
import { SESSION_TOKEN_HEADER, sessionToken } from './session-token.ts';

export interface ApiIssue {
  path: (string | number)[];
  message: string;
  code?: string;
}

export interface ApiErrorData {
  code?: string;
  statusMessage?: string;
  issues?: ApiIssue[];
  field?: string;
  [key: string]: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusMessage: string;
  readonly data: ApiErrorData;
  constructor(status: number, statusMessage: string, data: ApiErrorData = {}) {
    super(statusMessage || `HTTP ${status}`);
    this.status = status;
    this.statusMessage = statusMessage;
    this.data = data;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** Overrides the method's default retry count. */
  retry?: number;
  /** Milliseconds; rejects with a TimeoutError (spec §8). */
  timeout?: number;
  signal?: AbortSignal;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export function defaultRetries(method: string): number {
  return (NO_RETRY_METHODS as readonly string[]).includes(method.toUpperCase()) ? 0 : DEFAULT_RETRIES;
}

export function isRetryableStatus(status: number): boolean {
  return (RETRY_STATUSES as readonly number[]).includes(status);
}

export function timeoutError(): Error {
  // AbortSignal.timeout() rejects with this DOMException; built by hand for fetch implementations
  // that do not pass the signal's reason through.
  return typeof DOMException === 'function'
    ? new DOMException(TIMEOUT_MESSAGE, 'TimeoutError')
    : Object.assign(new Error(TIMEOUT_MESSAGE), { name: 'TimeoutError' });
}

function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(res: Response, body: unknown): ApiError {
  const obj = (body && typeof body === 'object' ? body : {}) as { statusMessage?: unknown; data?: unknown };
  const statusMessage = typeof obj.statusMessage === 'string' ? obj.statusMessage : res.statusText;
  const data = (obj.data && typeof obj.data === 'object' ? obj.data : {}) as ApiErrorData;
  return new ApiError(res.status, statusMessage, data);
}

export function createHttp(fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init)) {
  async function once(url: string, init: RequestInit, timeout?: number): Promise<Response> {
    if (!timeout) return fetchImpl(url, init);
    const timer = AbortSignal.timeout(timeout);
    const signal = init.signal ? AbortSignal.any([init.signal, timer]) : timer;
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(timer.aborted ? timeoutError() : signal.reason), { once: true });
    });
    return Promise.race([fetchImpl(url, { ...init, signal }), aborted]).catch((err: unknown) => {
      throw timer.aborted ? timeoutError() : err;
    });
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = sessionToken();
    if (token) headers[SESSION_TOKEN_HEADER] = token;
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const init: RequestInit = { method, headers, body, credentials: 'include', signal: options.signal };
    const url = withQuery(path, options.query);
    let retriesLeft = options.retry ?? defaultRetries(method);
    for (;;) {
      const res = await once(url, init, options.timeout);
      const data = await readBody(res);
      if (res.ok) return data as T;
      const error = toApiError(res, data);
      if (retriesLeft > 0 && isRetryableStatus(res.status)) {
        retriesLeft--;
        continue;
      }
      throw error;
    }
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
  };
}

export type Http = ReturnType<typeof createHttp>;

export const http = createHttp();
