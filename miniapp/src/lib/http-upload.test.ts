// Uploads go through the one client (issue 12, item 9): the session header, the file's own type,
// progress, errors shaped like every other call's, and abort.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createHttp, type FetchLike } from './http.ts';
import { SESSION_TOKEN_HEADER, SESSION_TOKEN_KEY } from './session-token.ts';

class FakeXhr {
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  sent = false;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.sent = true;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function client() {
  const xhrs: FakeXhr[] = [];
  const fetchCalls: RequestInit[] = [];
  const fetchImpl: FetchLike = async (_url, init) => {
    fetchCalls.push(init);
    return new Response('{}', { status: 200 });
  };
  const http = createHttp(fetchImpl, () => {
    const x = new FakeXhr();
    xhrs.push(x);
    return x as unknown as XMLHttpRequest;
  });
  return { http, xhrs, fetchCalls };
}

// The mini app's tab storage, as in a browser (node has none).
beforeEach(() => {
  const data = new Map<string, string>();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
});
afterEach(() => {
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

describe('http.upload', () => {
  it('sends the file raw with its type, cookies and the session header, and reports progress', async () => {
    sessionStorage.setItem(SESSION_TOKEN_KEY, 'key.sig');
    const { http, xhrs } = client();
    const progress: number[] = [];
    const file = new File(['hello'], 'a.png', { type: 'image/png' });
    const done = http.upload<{ ok: number }>('/api/user/avatar', file, { headers: { 'x-file-name': 'a.png' }, onProgress: (p) => progress.push(p) });
    const xhr = xhrs[0]!;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/user/avatar', withCredentials: true, body: file });
    expect(xhr.headers).toMatchObject({ 'content-type': 'image/png', accept: 'application/json', 'x-file-name': 'a.png', [SESSION_TOKEN_HEADER.toLowerCase()]: 'key.sig' });
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 1, total: 4 });
    xhr.upload.onprogress!({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.respond(201, { ok: 1 });
    await expect(done).resolves.toEqual({ ok: 1 });
    expect(progress).toEqual([0.25]);
  });

  it('sends no session header when there is none, and octet-stream for an untyped file', async () => {
    const { http, xhrs } = client();
    const done = http.upload('/api/admin/blog/images', new Blob(['x']));
    expect(xhrs[0]!.headers[SESSION_TOKEN_HEADER.toLowerCase()]).toBeUndefined();
    expect(xhrs[0]!.headers['content-type']).toBe('application/octet-stream');
    xhrs[0]!.respond(204, undefined);
    await expect(done).resolves.toBeUndefined();
  });

  it('leaves a FormData body its multipart type', async () => {
    const { http, xhrs } = client();
    const form = new FormData();
    form.set('file', new Blob(['x']), 'x.txt');
    const done = http.upload('/api/x', form);
    expect(xhrs[0]!.headers['content-type']).toBeUndefined();
    xhrs[0]!.respond(200, {});
    await done;
  });

  it('rejects with an ApiError carrying the server message, like other calls', async () => {
    const { http, xhrs } = client();
    const done = http.upload('/api/user/avatar', new Blob(['x'], { type: 'image/png' }));
    xhrs[0]!.respond(413, { statusCode: 413, statusMessage: 'Изображение слишком большое', data: { code: 'payload_too_large' } });
    const err = (await done.catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 413, statusMessage: 'Изображение слишком большое', data: { code: 'payload_too_large' } });

    const plain = http.upload('/api/x', new Blob(['x']));
    xhrs[1]!.respond(502, '<html>bad gateway</html>', 'Bad Gateway');
    await expect(plain).rejects.toMatchObject({ status: 502, statusMessage: 'Bad Gateway' });

    const offline = http.upload('/api/x', new Blob(['x']));
    xhrs[2]!.onerror!();
    await expect(offline).rejects.toBeInstanceOf(TypeError);
  });

  it('aborts with its signal, and never starts when already aborted', async () => {
    const { http, xhrs } = client();
    const ctl = new AbortController();
    const done = http.upload('/api/x', new Blob(['x']), { signal: ctl.signal });
    ctl.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhrs[0]!.aborted).toBe(true);
    await expect(http.upload('/api/x', new Blob(['x']), { signal: ctl.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhrs).toHaveLength(1);
  });
});

describe('http.request', () => {
  it('carries the session header too', async () => {
    sessionStorage.setItem(SESSION_TOKEN_KEY, 'key.sig');
    const { http, fetchCalls } = client();
    await http.get('/api/user/me');
    expect((fetchCalls[0]!.headers as Record<string, string>)[SESSION_TOKEN_HEADER]).toBe('key.sig');
  });
});
