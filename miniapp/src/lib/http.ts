// The one HTTP client (spec §7): cookies always included, JSON in and out, retries only on the
// listed statuses, never for non-idempotent methods unless a call opts in, optional timeout. Every
// call of the app goes through it (lint forbids fetch/XMLHttpRequest elsewhere), because only it
// adds the X-Session-Token header that carries the session in Telegram Web's cookieless frame.
import { DEFAULT_RETRIES, NO_RETRY_METHODS, RETRY_STATUSES, TIMEOUT_MESSAGE } from '@tracker/shared/limits';
import { loadFailureTexts } from './i18n.ts';
import { SESSION_TOKEN_HEADER, SESSION_USER_HEADER, sessionToken, sessionUser } from './session-token.ts';

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

/**
 * What the server answered to a refused call: its status and error data (code, issues, the refusal's
 * own facts); null when no answer came (offline, a timeout, a bug). The words for the user come from
 * lib/error-text.ts, not from here.
 */
export function refusalOf(err: unknown): { status: number; data: ApiErrorData } | null {
  return err instanceof ApiError ? { status: err.status, data: err.data } : null;
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
  /** Sees the successful response (its headers) before its body is returned. */
  onResponse?: (res: Response) => void;
}

export interface UploadOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Fraction sent, 0…1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type XhrFactory = () => XMLHttpRequest;

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

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readBody(res: Response): Promise<unknown> {
  return res.status === 204 ? undefined : parseBody(await res.text());
}

function toApiError(res: { status: number; statusText: string }, body: unknown): ApiError {
  const obj = (body && typeof body === 'object' ? body : {}) as { statusMessage?: unknown; data?: unknown };
  const statusMessage = typeof obj.statusMessage === 'string' ? obj.statusMessage : res.statusText;
  const data = (obj.data && typeof obj.data === 'object' ? obj.data : {}) as ApiErrorData;
  return new ApiError(res.status, statusMessage, data);
}

/** What every call carries: JSON answers, the session headers, and the page's language for messages. */
function baseHeaders(extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // The page's language is the user's (inside Telegram the account's, not the browser's).
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang) headers['accept-language'] = lang;
  Object.assign(headers, extra);
  const token = sessionToken();
  if (token) headers[SESSION_TOKEN_HEADER] = token;
  const user = sessionUser();
  if (user !== null) headers[SESSION_USER_HEADER] = String(user);
  return headers;
}

const abortError = () => (typeof DOMException === 'function' ? new DOMException('The operation was aborted', 'AbortError') : new Error('aborted'));

export function createHttp(
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
  xhrImpl: XhrFactory = () => new XMLHttpRequest(),
  /** Awaited before any failure is reported (the app's words for failures load after its first render). */
  beforeFailure: () => Promise<unknown> = () => Promise.resolve(),
) {
  const reported = async (err: unknown): Promise<never> => {
    await beforeFailure().catch(() => undefined);
    throw err;
  };

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

  function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return attempt<T>(path, options).catch(reported);
  }

  async function attempt<T>(path: string, options: RequestOptions): Promise<T> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers = baseHeaders(options.headers);
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
      if (res.ok) {
        options.onResponse?.(res);
        return data as T;
      }
      const error = toApiError(res, data);
      if (retriesLeft > 0 && isRetryableStatus(res.status)) {
        retriesLeft--;
        continue;
      }
      throw error;
    }
  }

  /**
   * A file or form sent as the request body, with upload progress (fetch has none): a Blob goes raw
   * with its own type as `Content-Type`, a FormData as multipart. Never retried; errors as `request`.
   */
  function upload<T>(path: string, body: Blob | FormData, options: UploadOptions = {}): Promise<T> {
    return send<T>(path, body, options).catch(reported);
  }

  function send<T>(path: string, body: Blob | FormData, options: UploadOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (options.signal?.aborted) return reject(options.signal.reason ?? abortError());
      const xhr = xhrImpl();
      xhr.open((options.method ?? 'POST').toUpperCase(), path);
      xhr.withCredentials = true;
      const typed: Record<string, string> = body instanceof Blob ? { 'content-type': body.type || 'application/octet-stream' } : {};
      for (const [name, value] of Object.entries(baseHeaders({ ...typed, ...options.headers }))) xhr.setRequestHeader(name, value);
      const onProgress = options.onProgress;
      if (onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        const data = xhr.status === 204 ? undefined : parseBody(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
        else reject(toApiError(xhr, data));
      };
      // Same as a failed fetch(): the callers' "network" messages apply.
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => reject(options.signal?.reason ?? abortError());
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  }

  return {
    request,
    upload,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
  };
}

export type Http = ReturnType<typeof createHttp>;

export const http = createHttp(undefined, undefined, loadFailureTexts);
