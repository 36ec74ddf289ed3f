import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttp, defaultRetries, type FetchLike } from './http.ts';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch(...responses: (() => Response)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn: FetchLike = vi.fn(async (url, init) => {
    calls.push({ url, init });
    const next = responses[Math.min(calls.length - 1, responses.length - 1)];
    return next!();
  });
  return { fn, calls };
}

describe('retry policy', () => {
  it('defaults: no retry for PATCH/POST/PUT/DELETE, one for the rest', () => {
    for (const m of ['PATCH', 'POST', 'PUT', 'DELETE', 'post']) expect(defaultRetries(m)).toBe(0);
    for (const m of ['GET', 'HEAD', 'OPTIONS']) expect(defaultRetries(m)).toBe(1);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    const { fn, calls } = fakeFetch(() => json(status, { statusCode: status, statusMessage: 'x' }), () => json(200, { ok: true }));
    await expect(createHttp(fn).get('/api/x')).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422, 501])('does not retry on %i', async (status) => {
    const { fn, calls } = fakeFetch(() => json(status, { statusCode: status, statusMessage: 'nope' }));
    await expect(createHttp(fn).get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it('gives up after one retry on GET', async () => {
    const { fn, calls } = fakeFetch(() => json(503, { statusCode: 503, statusMessage: 'down' }));
    await expect(createHttp(fn).get('/api/x')).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(2);
  });

  it('does not retry POST by default but honours an explicit retry count', async () => {
    const first = fakeFetch(() => json(503, {}));
    await expect(createHttp(first.fn).post('/api/x', {})).rejects.toMatchObject({ status: 503 });
    expect(first.calls).toHaveLength(1);

    const second = fakeFetch(() => json(503, {}), () => json(503, {}), () => json(201, { id: 1 }));
    await expect(createHttp(second.fn).post('/api/x', {}, { retry: 2 })).resolves.toEqual({ id: 1 });
    expect(second.calls).toHaveLength(3);
  });

  it('can switch retries off for a GET', async () => {
    const { fn, calls } = fakeFetch(() => json(500, {}));
    await expect(createHttp(fn).get('/api/x', { retry: 0 })).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(1);
  });
});

describe('requests and errors', () => {
  it('sends cookies and JSON', async () => {
    const { fn, calls } = fakeFetch(() => json(201, { user: { id: 1 } }));
    await createHttp(fn).post('/api/auth/register', { email: 'a@b.c' });
    const init = calls[0]!.init;
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.c"}');
  });

  it('encodes query parameters', async () => {
    const { fn, calls } = fakeFetch(() => json(200, { to: null }));
    await createHttp(fn).get('/api/navigation/redirect', { query: { path: '/en/issues?x=1' } });
    expect(calls[0]!.url).toBe('/api/navigation/redirect?path=%2Fen%2Fissues%3Fx%3D1');
  });

  it('returns undefined for 204', async () => {
    const { fn } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(createHttp(fn).post('/api/auth/logout')).resolves.toBeUndefined();
  });

  it('carries status, statusMessage, code and issues of the error body', async () => {
    const body = {
      statusCode: 400,
      statusMessage: 'Validation failed',
      data: { code: 'validation', statusMessage: 'Validation failed', issues: [{ path: ['email'], message: 'validation.email', code: 'invalid_format' }] },
    };
    const { fn } = fakeFetch(() => json(400, body));
    const err = (await createHttp(fn).post('/api/auth/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.statusMessage).toBe('Validation failed');
    expect(err.data.code).toBe('validation');
    expect(err.data.issues?.[0]?.message).toBe('validation.email');
  });

  it('reports a refusal or a lost connection only once the failure words are loaded, and never a success late', async () => {
    let release!: () => void;
    const words = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const gate = () => words.then(() => void order.push('words'));
    const refused = fakeFetch(() => json(403, { statusCode: 403, statusMessage: 'no' }));
    const refusal = createHttp(refused.fn, undefined, gate).get('/api/x').catch(() => void order.push('refusal'));
    const offline: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    const lost = createHttp(offline, undefined, gate).get('/api/y').catch(() => void order.push('offline'));
    const ok = fakeFetch(() => json(200, { ok: true }));
    await expect(createHttp(ok.fn, undefined, gate).get('/api/z')).resolves.toEqual({ ok: true });
    expect(order).toEqual([]);
    release();
    await Promise.all([refusal, lost]);
    expect(order.slice(0, 2)).toEqual(['words', 'words']);
    expect(order.slice(2).sort()).toEqual(['offline', 'refusal']);
  });
});

describe('timeout', () => {
  it('rejects with TimeoutError and the spec message', async () => {
    const hang: FetchLike = (_url, init) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const err = (await createHttp(hang).get('/api/slow', { timeout: 20 }).catch((e: unknown) => e)) as Error;
    expect(err.name).toBe('TimeoutError');
    expect(err.message).toBe('The operation was aborted due to timeout');
  });

  it('times out even when fetch ignores the signal', async () => {
    const never: FetchLike = () => new Promise(() => {});
    const err = (await createHttp(never).get('/api/slow', { timeout: 20, retry: 0 }).catch((e: unknown) => e)) as Error;
    expect(err.name).toBe('TimeoutError');
    expect(err.message).toBe('The operation was aborted due to timeout');
  });

  it('AbortSignal.timeout gives the same message natively', async () => {
    const signal = AbortSignal.timeout(1);
    await new Promise((r) => setTimeout(r, 20));
    expect((signal.reason as Error).name).toBe('TimeoutError');
    expect((signal.reason as Error).message).toBe('The operation was aborted due to timeout');
  });

  it('does not time out a fast response', async () => {
    const { fn } = fakeFetch(() => json(200, { ok: 1 }));
    await expect(createHttp(fn).get('/api/x', { timeout: 1000 })).resolves.toEqual({ ok: 1 });
  });
});
