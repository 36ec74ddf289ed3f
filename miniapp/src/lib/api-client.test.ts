import { endpoint, lazySchema } from '@tracker/shared/api/contract/endpoint';
import { issues } from '@tracker/shared/api/contract/issues';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApi } from './api-client.ts';
import type { RequestOptions } from './http.ts';

function fakeClient(answer: unknown) {
  const calls: { path: string; options: RequestOptions }[] = [];
  const uploads: { path: string; method?: string }[] = [];
  const client = {
    request: async <T,>(path: string, options: RequestOptions = {}) => (calls.push({ path, options }), answer as T),
    upload: async <T,>(path: string, _body: Blob | FormData, options: { method?: string } = {}) => (uploads.push({ path, method: options.method }), answer as T),
  };
  return { client, calls, uploads };
}

const thing = endpoint('PATCH', '/api/things/:id/parts/:part', {
  query: z.object({ limit: z.number().optional(), q: z.string().optional(), flag: z.boolean().optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ thing: z.object({ id: z.number() }) }),
});

describe('api client derived from a declaration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('in a production build trusts the answer: no check, and a lazy schema is never loaded', async () => {
    vi.stubEnv('DEV', false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi.fn(async () => z.object({ id: z.number() }));
    const me = endpoint('GET', '/api/me', { response: lazySchema(load) });
    const { client } = fakeClient({ id: 'x' });
    await expect(createApi(client).api(me)).resolves.toEqual({ id: 'x' });
    await createApi(client).api(thing, { params: { id: 1, part: 'p' }, body: { name: 'x' } });
    expect(load).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('fills the path, sends the declared method, query and body, and returns the answer', async () => {
    const { client, calls } = fakeClient({ thing: { id: 7 } });
    const answer = await createApi(client).api(thing, { params: { id: 7, part: 'a b/c' }, query: { limit: 5, q: undefined, flag: true }, body: { name: 'x' } });
    expect(answer.thing.id).toBe(7);
    expect(calls).toEqual([{ path: '/api/things/7/parts/a%20b%2Fc', options: { method: 'PATCH', query: { limit: 5, flag: 'true' }, body: { name: 'x' } } }]);
  });

  it('uses the shared declarations as the server routes them', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // the fake answer is no issue
    const { client, calls } = fakeClient({ issue: {} });
    await createApi(client).api(issues.update, { params: { ref: 'WEB-1' }, body: { title: 'T' } });
    expect(calls[0]).toMatchObject({ path: '/api/issues/WEB-1', options: { method: 'PATCH', body: { title: 'T' } } });
  });

  it('warns about an answer outside the schema and still returns it as received', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = fakeClient({ thing: { id: 'seven' }, extra: true });
    const answer = await createApi(client).api(thing, { params: { id: 1, part: 'p' }, body: { name: 'x' } });
    expect(answer).toEqual({ thing: { id: 'seven' }, extra: true });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toContain('PATCH /api/things/:id/parts/:part');
  });

  it('says nothing when the answer fits, extra fields included', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = fakeClient({ thing: { id: 1, added: 'later' } });
    await createApi(client).api(thing, { params: { id: 1, part: 'p' }, body: { name: 'x' } });
    expect(warn).not.toHaveBeenCalled();
  });

  it('checks a lazily declared answer once its schema has loaded, without holding the answer back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let release: (s: z.ZodType) => void = () => undefined;
    const loaded = new Promise<z.ZodType>((resolve) => (release = resolve));
    const me = endpoint('GET', '/api/me', { response: lazySchema(() => loaded as Promise<z.ZodObject<{ id: z.ZodNumber }>>) });
    const { client } = fakeClient({ id: 'x' });
    await expect(createApi(client).api(me)).resolves.toEqual({ id: 'x' });
    expect(warn).not.toHaveBeenCalled();
    release(z.object({ id: z.number() }));
    await expect.poll(() => warn.mock.calls.length).toBe(1);
  });

  it('uploads a file to the declared path and method', async () => {
    const { client, uploads } = fakeClient({ ok: true });
    await createApi(client).upload(issues.addAttachment, new Blob(['x']), { params: { ref: 12 } });
    expect(uploads).toEqual([{ path: '/api/issues/12/attachments', method: 'POST' }]);
  });

  it('refuses a call without a path param it needs', async () => {
    const { client } = fakeClient({});
    // @ts-expect-error: `ref` is required by the declaration's path
    await expect(createApi(client).api(issues.get, { params: {} })).rejects.toThrow('missing param ref');
  });
});
